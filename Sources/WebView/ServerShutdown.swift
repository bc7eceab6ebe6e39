import ServiceLifecycle
import Synchronization

/// Asks a running ``WebServer`` to stop gracefully: it accepts no more connections, its
/// searches are cancelled (each event stream then sends its final state and ends), and `run`
/// returns once what was being answered is done. Whoever owns the signals calls ``request()``;
/// the server installs none of its own.
package final class ServerShutdown: Sendable {
    private struct State {
        var group: ServiceGroup?
        var requested = false
    }

    private let state = Mutex(State())

    package init() {}

    /// Starts the graceful shutdown; once is enough, more do nothing. Before the server runs,
    /// it stops as soon as it starts.
    package func request() {
        let group: ServiceGroup? = state.withLock { state in
            defer { state.requested = true }
            return state.requested ? nil : state.group
        }
        guard let group else { return }
        // From a signal's thread, which cannot wait: the group's own actor does the work.
        Task { await group.triggerGracefulShutdown() }
    }

    /// Whether a shutdown was asked for; from now on one goes to `group`.
    func attach(_ group: ServiceGroup) -> Bool {
        state.withLock { state in
            state.group = group
            return state.requested
        }
    }
}
