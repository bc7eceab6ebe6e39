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
    let slots = Slots<T>(count: count)
    let work: @Sendable () -> Void = {
        var finished: (index: Int, result: T?)?
        while let index = slots.next(after: finished) {
            finished = (index, transform(index))
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
    return slots.take()
}

/// ``concurrentMap(_:_:)``'s next index and results, under one lock. A class holding a lock,
/// not a `Mutex` or an `Atomic` captured by the closure, nor a dictionary of results: the
/// first use of each of those types cost a search 0.3–0.6 ms (the runtime making their
/// metadata from mangled names and looking up conformances among every one in the program).
private final class Slots<T: Sendable>: @unchecked Sendable {
    // `following` and `results` are read and written only with `lock` held.
    private let lock = NSLock()
    private var following = 0
    private var results: [T?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// Records a finished index's result, and claims the next index; `nil` when none is left.
    func next(after finished: (index: Int, result: T?)?) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if let finished { results[finished.index] = finished.result }
        guard following < results.count else { return nil }
        following += 1
        return following - 1
    }

    /// The results by index.
    func take() -> [T?] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// The cores this process may use, asked once: Foundation reads the cgroup's files on every call.
enum Cores {
    static let count = ProcessInfo.processInfo.activeProcessorCount
}
