import Foundation
import Synchronization

/// Broadcasts snapshots to every subscriber; a new subscriber receives the latest snapshot first.
///
/// A subscriber that falls behind gets the newest snapshot, not every one in between: each
/// holds at most one unread snapshot, so a slow view never makes memory grow. The last
/// snapshot of a search is never replaced until the next search starts, so every subscriber
/// sees it.
final class StatePublisher<State: Sendable>: Sendable {
    private struct Storage {
        var latest: State
        var subscribers: [UUID: AsyncStream<State>.Continuation] = [:]
    }

    private let storage: Mutex<Storage>

    init(initial: State) {
        storage = Mutex(Storage(latest: initial))
    }

    /// The latest snapshot.
    var latest: State { storage.withLock { $0.latest } }

    /// A stream of snapshots starting with the latest one, keeping only the newest unread one.
    func subscribe() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        storage.withLock { storage in
            continuation.yield(storage.latest)
            storage.subscribers[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.storage.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Makes `state` the latest snapshot and sends it to every subscriber.
    func publish(_ state: State) {
        storage.withLock { storage in
            storage.latest = state
            for continuation in storage.subscribers.values { continuation.yield(state) }
        }
    }

    deinit {
        storage.withLock { storage in
            for continuation in storage.subscribers.values { continuation.finish() }
        }
    }
}
