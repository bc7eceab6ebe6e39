import CLinux
import Foundation

/// Runs `transform` for every index in `0..<count` on every core and returns the results in
/// index order: `nil` where `transform` gave none (work skipped once a search is cancelled).
///
/// The work runs on the calling thread and on ``BlockingExecutor``'s, never on Dispatch's shared
/// workers: on Linux those also run Swift's tasks, so a file read that blocks there would hold
/// back every search in the process.
func concurrentMap<T: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T?) -> [T?] {
    let results = IndexedResults<T>(count: count)
    let queue = JobQueue()
    for index in 0..<count { queue.add { results.store(transform(index), at: index) } }
    queue.run(threads: min(count, Cores.count))
    return results.take()
}

/// ``concurrentMap(_:_:)``'s results by index, under a lock. A class holding a lock, not a
/// `Mutex` captured by a closure nor a dictionary of results: the first use of either type
/// cost a search 0.3–0.6 ms (the runtime making its metadata from a mangled name and looking
/// up conformances among every one in the program).
private final class IndexedResults<T: Sendable>: @unchecked Sendable {
    // `results` is read and written only with `lock` held.
    private let lock = NSLock()
    private var results: [T?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func store(_ result: T?, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
    }

    /// The results by index.
    func take() -> [T?] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// The cores this process may use, asked once (Foundation's `activeProcessorCount` read the
/// cgroup's files on every call, 0.2 ms).
enum Cores {
    static let count = Int(vf_available_processors())
}
