import NIOCore
import Synchronization

/// The connections `serve` holds, and which of them are still waiting for a request's headers,
/// oldest first. When more than ``limit`` are open, the oldest ones still waiting are closed:
/// the server keeps accepting (an ordinary request gets in) rather than running out of
/// descriptors, and a connection already answering (a search's event stream, a photo being
/// sent) is never cut for a newcomer.
final class WaitingConnections: Sendable {
    /// One connection.
    typealias ID = UInt64

    private struct State {
        var nextID: ID = 0
        /// The connections counted against the limit.
        var open: Set<ID> = []
        /// Those waiting for headers, each with the number of its turn in `queue`.
        var waiting: [ID: (turn: UInt64, channel: any Channel)] = [:]
        /// Connections in the order they started waiting; an entry whose turn is no longer the
        /// connection's (it got its headers, or closed) is skipped.
        var queue: [(id: ID, turn: UInt64)] = []
        var queueStart = 0
        var nextTurn: UInt64 = 0

        mutating func wait(_ id: ID, _ channel: any Channel) {
            nextTurn += 1
            waiting[id] = (nextTurn, channel)
            queue.append((id, nextTurn))
            compact()
        }

        /// Takes the oldest waiting connection out of the count, to be closed.
        mutating func oldestWaiting() -> (any Channel)? {
            while queueStart < queue.count {
                let (id, turn) = queue[queueStart]
                queueStart += 1
                if let entry = waiting[id], entry.turn == turn {
                    waiting[id] = nil
                    open.remove(id)
                    compact()
                    return entry.channel
                }
            }
            compact()
            return nil
        }

        /// Drops the queue's skipped entries once they are many (each request adds one).
        mutating func compact() {
            if queue.count - queueStart > 2 * waiting.count + 1024 {
                queue = waiting.map { (id: $0.key, turn: $0.value.turn) }.sorted { $0.turn < $1.turn }
                queueStart = 0
            } else if queueStart > 1024, queueStart * 2 > queue.count {
                queue.removeFirst(queueStart)
                queueStart = 0
            }
        }
    }

    /// The most connections held at once.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts a new connection, waiting for its first request; closes the oldest waiting ones
    /// when there are now more than ``limit``.
    func opened(_ channel: any Channel) -> ID {
        let (id, surplus) = state.withLock { state -> (ID, [any Channel]) in
            state.nextID += 1
            let id = state.nextID
            state.open.insert(id)
            state.wait(id, channel)
            var surplus: [any Channel] = []
            while state.open.count > limit, let oldest = state.oldestWaiting() { surplus.append(oldest) }
            return (id, surplus)
        }
        for channel in surplus { channel.close(promise: nil) }
        return id
    }

    /// `id` has sent a request's headers: it is being answered.
    func headersArrived(_ id: ID) {
        state.withLock { state in
            state.waiting[id] = nil
        }
    }

    /// `id` has been answered and waits for its next request, last in the queue.
    func waitingAgain(_ id: ID, channel: any Channel) {
        state.withLock { state in
            guard state.open.contains(id) else { return }
            state.wait(id, channel)
        }
    }

    /// `id` is closed.
    func closed(_ id: ID) {
        state.withLock { state in
            state.open.remove(id)
            state.waiting[id] = nil
        }
    }
}
