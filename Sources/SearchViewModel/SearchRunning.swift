import ProviderKit
import Synchronization

/// Stops a search that ``SearchViewModel/run(_:heartbeat:stop:around:show:)`` runs, from
/// anywhere (a signal handler): the search is cancelled, and its final snapshot is still shown.
package final class SearchStop: Sendable {
    private let state = Mutex<(stopped: Bool, wake: (@Sendable () -> Void)?)>((false, nil))

    package init() {}

    /// Cancels the search (now, or as soon as it starts).
    package func stop() {
        let wake = state.withLock { state in
            state.stopped = true
            return state.wake
        }
        wake?()
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Calls `wake` on ``stop()``, at once when it was already called.
    func whenStopped(_ wake: @escaping @Sendable () -> Void) {
        let stopped = state.withLock { state in
            state.wake = wake
            return state.stopped
        }
        if stopped { wake() }
    }
}

extension SearchViewModel {
    /// What ``run(_:heartbeat:stop:around:show:)`` waits for.
    private enum Update: Sendable {
        case state(SearchState)
        /// A heartbeat, or a wake-up to look at the stop.
        case beat
    }

    /// Runs `request` as a child of the calling task and hands `show` each of its snapshots,
    /// the final one (``SearchState/isFinished``) last, and `nil` every `heartbeat` while it
    /// runs (an event stream's keep-alive). It returns the final snapshot. The one search loop
    /// of every view: the terminal's and each page's event stream.
    ///
    /// The search is cancelled when `stop` says so or the calling task is cancelled (its final
    /// snapshot is still shown), and when `show` throws (its reader went away), which is
    /// rethrown once the search is over. `around` wraps the search (`serve` cancels it on a
    /// graceful shutdown). A reader that falls behind skips to newer snapshots.
    package func run(
        _ request: SearchRequest, heartbeat: Duration? = nil, stop: SearchStop = SearchStop(),
        around: @escaping @Sendable (_ search: @escaping @Sendable () async -> Void) async -> Void = { await $0() },
        show: (SearchState?) async throws -> Void
    ) async throws -> SearchState {
        let (updates, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .bufferingNewest(64))
        let states = self.states  // subscribed before the search starts, so no change is missed
        let forward = Task {
            for await state in states { continuation.yield(.state(state)) }
            continuation.finish()
        }
        let beat = Task {
            guard let heartbeat else { return }
            while (try? await Task.sleep(for: heartbeat)) != nil { continuation.yield(.beat) }
        }
        defer {
            forward.cancel()
            beat.cancel()
        }
        // The newest element is never dropped, and a dropped wake-up means newer ones follow.
        stop.whenStopped { continuation.yield(.beat) }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await around { _ = await self.search(request) } }
            var final: SearchState?
            var cancelled = false
            do {
                for await update in updates {
                    if stop.isStopped, !cancelled {
                        cancelled = true
                        group.cancelAll()
                    }
                    switch update {
                    case .beat:
                        if heartbeat != nil { try await show(nil) }
                    case .state(let state) where state.request != nil:
                        try await show(state)
                        if state.isFinished { final = state }
                    case .state: break
                    }
                    if final != nil { break }
                }
            } catch {
                group.cancelAll()
                try? await group.waitForAll()
                throw error
            }
            group.cancelAll()  // ended without the search finishing (this task was cancelled): stop it too
            try await group.waitForAll()
            return final ?? currentState
        }
    }
}
