import Foundation
import ProviderKit
import ServiceBus

/// Runs a search across every provider at once and publishes the merged state as it changes.
///
/// The view subscribes to ``states`` and renders snapshots; it never reaches a provider.
/// Providers are started together; a fast provider's results are visible before a slow
/// one answers; one provider's failure never stops the others. The deadline is a promise:
/// when it passes (or a provider's own timeout does), the search stops waiting, whatever
/// the provider is doing, marks it timed out and cancels it.
package final class SearchViewModel: Sendable {
    private let lineup: ProviderLineup
    private let settings: SearchSettings
    private let publisher = StatePublisher(initial: SearchState.idle)

    /// Snapshots are published at most this often while a search runs (the last one at once),
    /// so a search with thousands of providers or pages does not copy its state for each.
    static let publishInterval = Duration.milliseconds(50)

    /// Creates a view-model over the providers the bus built.
    package init(lineup: ProviderLineup, settings: SearchSettings) {
        self.lineup = lineup
        self.settings = settings
    }

    /// Snapshots as they change; a late subscriber gets the latest snapshot first, and one that
    /// falls behind gets the newest snapshot, never a backlog. Every subscriber sees the final
    /// snapshot of a search (``SearchState/isFinished``); ``SearchState/log`` has every page.
    package var states: AsyncStream<SearchState> { publisher.subscribe() }

    /// The latest snapshot.
    package var currentState: SearchState { publisher.latest }

    /// Why `text` cannot be searched for, or `nil` when it can.
    package static func problem(withQuery text: String) -> String? {
        text.contains(where: { $0.isLetter || $0.isNumber }) ? nil : "the query needs at least one letter or digit"
    }

    /// What the search loop waits for.
    private enum Input: Sendable {
        case page(Int, ProviderRun.Report)
        case finished(Int, ProviderRun.Outcome)
        /// A cutoff may have passed, or a snapshot may be due.
        case clock
    }

    /// Runs `request` until every provider is over, the deadline passes or the calling task is
    /// cancelled, and returns the final state. It never waits for a provider past its due time.
    ///
    /// Each provider runs in an unstructured `Task`, not in a task group: a group awaits all of
    /// its children before it returns, so one provider that ignores cancellation (or blocks)
    /// would hold the search past its deadline. Here the search cancels every straggler (which
    /// runs its cancellation handlers, e.g. killing a plugin's process group) before it returns,
    /// and does not wait for it; whatever a straggler sends later is ignored.
    @discardableResult
    package func search(_ request: SearchRequest) async -> SearchState {
        let clock = ContinuousClock()
        let start = clock.now
        let schedule = SearchSchedule(
            start: start, timeout: settings.timeout, requestDeadline: request.deadline,
            providerTimeouts: lineup.providers.map(\.timeout))
        var progress = SearchProgress(request: request, lineup: lineup, limit: settings.limit)
        publisher.publish(progress.snapshot(isRunning: true))
        var published = clock.now

        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
        var runs: [Task<Void, Never>] = []
        runs.reserveCapacity(lineup.providers.count)
        for (index, live) in lineup.providers.enumerated() {
            var providerRequest = progress.routedRequests[index]
                .limited(to: live.maxResults ?? request.limit).due(by: schedule.dueByProvider[index])
            providerRequest.filtersAfter = providerRequest.filters.removing(
                live.provider.appliedFilters(for: request.operation))
            let run = ProviderRun(provider: live.provider, request: providerRequest)
            runs.append(
                Task {
                    let outcome = await run.run { continuation.yield(.page(index, $0)) }
                    continuation.yield(.finished(index, outcome))
                })
        }
        let timer = Task { await Self.wake(continuation, at: schedule.cutoffs.map(\.instant), clock: clock) }

        var nextCutoff = 0
        if progress.runningCount > 0 {
            for await input in inputs {
                let now = clock.now
                switch input {
                case .page(let index, let report): progress.accept(report, from: index)
                case .finished(let index, .ok): progress.finish(index, .ok, after: now - start)
                case .finished(let index, .failed(let message)):
                    progress.finish(index, .failed, message: message, after: now - start)
                case .finished(let index, .cancelled): progress.finish(index, .cancelled, after: now - start)
                case .clock: break
                }
                while nextCutoff < schedule.cutoffs.count, schedule.cutoffs[nextCutoff].instant <= now {
                    let cutoff = schedule.cutoffs[nextCutoff]
                    for index in cutoff.providers where progress.isRunning(index) {
                        progress.finish(
                            index, .timedOut, message: "no answer within \(cutoff.within.shortDescription)",
                            after: now - start)
                        runs[index].cancel()
                    }
                    nextCutoff += 1
                }
                if progress.runningCount == 0 || Task.isCancelled { break }
                if progress.hasChanges, now - published >= Self.publishInterval {
                    publisher.publish(progress.snapshot(isRunning: true))
                    published = now
                }
            }
        }
        // Only when the caller cancelled the search: stop every provider still running.
        for index in runs.indices where progress.isRunning(index) {
            progress.finish(index, .cancelled, after: clock.now - start)
            runs[index].cancel()
        }
        timer.cancel()
        continuation.finish()
        let final = progress.snapshot(isRunning: false)
        publisher.publish(final)
        return final
    }

    /// Sends `.clock` at each of `instants` and every ``publishInterval`` until the last instant.
    private static func wake(
        _ continuation: AsyncStream<Input>.Continuation, at instants: [ContinuousClock.Instant], clock: ContinuousClock
    ) async {
        var next = 0
        var tick = clock.now + publishInterval
        while next < instants.count {
            do {
                try await Task.sleep(until: min(instants[next], tick), clock: clock)
            } catch {
                return
            }
            let now = clock.now
            while next < instants.count, instants[next] <= now { next += 1 }
            if now >= tick { tick = now + publishInterval }
            continuation.yield(.clock)
        }
    }
}
