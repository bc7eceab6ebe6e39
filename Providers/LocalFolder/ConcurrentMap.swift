import Dispatch
import Synchronization

/// Runs `transform` for every index in `0..<count` on every core and returns the results in
/// index order: `nil` where `transform` gave none (work skipped once a search is cancelled).
func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T?) -> [T?] {
    let results = Mutex([Int: T]())
    DispatchQueue.concurrentPerform(iterations: count) { index in
        if let result = transform(index) { results.withLock { $0[index] = result } }
    }
    return results.withLock { results in
        var ordered: [T?] = []
        ordered.reserveCapacity(count)
        for index in 0..<count { ordered.append(results.removeValue(forKey: index)) }
        return ordered
    }
}
