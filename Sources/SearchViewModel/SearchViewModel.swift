import Foundation
import ProviderKit
import ServiceBus

/// Runs a search across every provider at once and publishes the merged state as it changes.
///
/// The view subscribes to ``states`` and renders snapshots; it never reaches a provider.
/// Providers are started together; a fast provider's results are visible before a slow
/// one answers; one provider's failure never stops the others; when the deadline passes,
/// the search finishes with what arrived and marks late providers timed out.
public final class SearchViewModel: Sendable {
    private let lineup: ProviderLineup
    private let settings: SearchSettings
    private let publisher = StatePublisher(initial: SearchState.idle)

    /// Creates a view-model over the providers the bus built.
    public init(lineup: ProviderLineup, settings: SearchSettings) {
        self.lineup = lineup
        self.settings = settings
    }

    /// Snapshots as they change; a late subscriber gets the latest snapshot first.
    public var states: AsyncStream<SearchState> { publisher.subscribe() }

    /// The latest snapshot.
    public var currentState: SearchState { publisher.latest }

    /// Why `text` cannot be searched for, or `nil` when it can.
    public static func problem(withQuery text: String) -> String? {
        text.contains(where: { $0.isLetter || $0.isNumber }) ? nil : "the query needs at least one letter or digit"
    }

    /// Runs `request` to the end (or until the calling task is cancelled) and returns the final state.
    @discardableResult
    public func search(_ request: SearchRequest) async -> SearchState {
        let clock = ContinuousClock()
        let start = clock.now
        var merger = ResultMerger(providers: lineup.providers.map { ($0.name, $0.weight) })
        var state = SearchState(
            request: request,
            providers: lineup.providers.map { ProviderStatus(name: $0.name, typeName: $0.typeName, phase: .running) }
                + lineup.skipped.map {
                    ProviderStatus(name: $0.name, typeName: $0.typeName, phase: .skipped, message: $0.reason)
                },
            results: [], isRunning: true, change: .started)
        publisher.publish(state)

        var pending = Set(lineup.providers.indices)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        await withTaskGroup(of: Void.self) { group in
            for (index, live) in lineup.providers.enumerated() {
                let run = ProviderRun(live: live, request: request.limited(to: live.maxResults ?? request.limit))
                group.addTask {
                    let outcome = await run.run { photos in continuation.yield(.page(index, photos)) }
                    continuation.yield(.finished(index, outcome))
                }
            }
            let timeout = settings.timeout
            group.addTask {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                continuation.yield(.deadline)
            }
            if !pending.isEmpty {
                for await event in events {
                    apply(event, to: &state, merger: &merger, pending: &pending, elapsed: clock.now - start)
                    if pending.isEmpty { break }
                }
            }
            group.cancelAll()
        }
        continuation.finish()

        for index in pending {  // only when the caller cancelled the search
            state.providers[index].phase = .cancelled
            state.providers[index].duration = clock.now - start
        }
        state.isRunning = false
        state.change = .finished
        publisher.publish(state)
        return state
    }

    private enum Event: Sendable {
        case page(Int, [Photo])
        case finished(Int, ProviderRun.Outcome)
        case deadline
    }

    private func apply(
        _ event: Event, to state: inout SearchState, merger: inout ResultMerger, pending: inout Set<Int>,
        elapsed: Duration
    ) {
        switch event {
        case .page(let index, let photos):
            guard pending.contains(index) else { return }
            let live = lineup.providers[index]
            let wanted = (live.maxResults ?? state.request?.limit ?? photos.count) - state.providers[index].count
            let accepted = Array(photos.prefix(max(0, wanted)))
            merger.add(accepted, from: live.name)
            state.providers[index].count += accepted.count
            state.results = merger.ranked(limit: settings.limit)
            state.change = .page(provider: live.name, photos: accepted)
            publisher.publish(state)
        case .finished(let index, let outcome):
            guard pending.remove(index) != nil else { return }
            finish(index, outcome, elapsed: elapsed, in: &state)
        case .deadline:
            for index in pending.sorted() { finish(index, .timedOut, elapsed: elapsed, in: &state) }
            pending.removeAll()
        }
    }

    private func finish(_ index: Int, _ outcome: ProviderRun.Outcome, elapsed: Duration, in state: inout SearchState) {
        switch outcome {
        case .ok: state.providers[index].phase = .ok
        case .failed(let message):
            state.providers[index].phase = .failed
            state.providers[index].message = message
        case .timedOut:
            state.providers[index].phase = .timedOut
            state.providers[index].message = "no answer within \(elapsed.shortDescription)"
        case .cancelled: state.providers[index].phase = .cancelled
        }
        state.providers[index].duration = elapsed
        state.change = .providerFinished(state.providers[index].name)
        publisher.publish(state)
    }
}
