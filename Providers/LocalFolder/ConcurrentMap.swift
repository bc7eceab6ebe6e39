import Dispatch
import Foundation
import Synchronization

/// Runs `transform` for every index in `0..<count` on every core and returns the results in
/// index order: `nil` where `transform` gave none (work skipped once a search is cancelled).
///
/// The work runs on the calling thread and on threads of its own, never on Dispatch's shared
/// workers: on Linux those also run Swift's tasks, so a file read that blocks there would hold
/// back every search in the process.
func concurrentMap<T: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T?) -> [T?] {
    let results = Mutex([Int: T]())
    let next = Atomic<Int>(0)
    let work: @Sendable () -> Void = {
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            if let result = transform(index) { results.withLock { $0[index] = result } }
        }
    }
    let finished = DispatchGroup()
    for _ in 1..<max(1, min(count, Cores.count)) {
        finished.enter()
        Thread {
            work()
            finished.leave()
        }.start()
    }
    work()
    finished.wait()
    return results.withLock { results in
        var ordered: [T?] = []
        ordered.reserveCapacity(count)
        for index in 0..<count { ordered.append(results.removeValue(forKey: index)) }
        return ordered
    }
}

/// The cores this process may use, asked once: Foundation reads the cgroup's files on every call.
enum Cores {
    static let count = ProcessInfo.processInfo.activeProcessorCount
}
