import Synchronization

/// How many of one kind of work `serve` does at once: searches (each may walk folders on every
/// core and start plugin processes, so a page opened in many tabs, or a script, cannot start an
/// unbounded number) and local photos being sent (a client that opens hundreds of requests and
/// reads none would otherwise hold megabytes each).
final class Slots: Sendable {
    let limit: Int
    private let taken = Mutex(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot; `false` when all are taken.
    func take() -> Bool {
        taken.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a slot taken with ``take()``.
    func give() {
        taken.withLock { $0 = max(0, $0 - 1) }
    }
}
