import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Synchronization
import Testing

/// The deadline is a promise: the search returns at it whatever a provider does, marks the
/// straggler timed out (or cancelled), cancels it, and does not wait for it.
@Suite("Deadlines hold against providers that ignore cancellation")
struct DeadlineTests {
    func viewModel(_ providers: [LiveProvider], timeout: Duration) -> SearchViewModel {
        SearchViewModel(
            lineup: ProviderLineup(providers: providers), settings: SearchSettings(limit: 30, timeout: timeout))
    }

    let quick = ScriptedProvider(name: "quick", pages: [(.milliseconds(10), ScriptedProvider.photos("quick", 1))])

    @Test("at a 1 s deadline the search returns with what arrived, though a provider blocks for 30 s")
    func searchDeadline() async {
        let straggler = StragglerProvider(name: "stuck")
        defer { straggler.release() }
        let clock = ContinuousClock()
        let started = clock.now
        // The quick provider has a whole second; on a loaded machine it may still be late.
        let state = await viewModel([straggler.live(), quick.live()], timeout: .seconds(1))
            .search(SearchRequest(.search("x"), limit: 30))
        // Well before the straggler's 30 s. The search's timer and loop share Swift's pool with
        // the other timed suites, which on a loaded machine can hold it up for two seconds.
        #expect(clock.now - started < .seconds(5))
        #expect(state.providers[0].phase == .timedOut)
        #expect(state.providers[0].message == "no answer within 1.0 s")
        #expect(straggler.wasCancelled)  // cancelled before the search returned
        // What arrived counts; on a loaded machine the quick provider's page may arrive in time
        // though its end comes after the deadline.
        #expect(Set(state.results.map(\.photo.id)).isSubset(of: ["quick-1"]))
        if state.providers[1].phase == .ok { #expect(state.results.map(\.photo.id) == ["quick-1"]) }
        #expect(!state.isRunning)
    }

    @Test("a provider's own 1 s timeout holds though it blocks for 30 s, and says its own timeout")
    func providerTimeout() async {
        let straggler = StragglerProvider(name: "stuck")
        defer { straggler.release() }
        let clock = ContinuousClock()
        let started = clock.now
        let state = await viewModel([straggler.live(timeout: .seconds(1)), quick.live()], timeout: .seconds(20))
            .search(SearchRequest(.search("x"), limit: 30))
        #expect(clock.now - started < .seconds(5))  // as above
        #expect(state.providers.map(\.phase) == [.timedOut, .ok])
        #expect(state.providers[0].message == "no answer within 1.0 s")
        #expect(straggler.wasCancelled)
    }

    @Test("cancelling the search returns at once, though a provider ignores cancellation for 30 s")
    func callerCancellation() async {
        let straggler = StragglerProvider(name: "stuck")
        defer { straggler.release() }
        let model = viewModel([straggler.live(), quick.live()], timeout: .seconds(20))
        let states = model.states
        let search = Task { await model.search(SearchRequest(.search("x"), limit: 30)) }
        for await state in states where state.providers.count == 2 && state.providers[1].phase == .ok { break }
        let clock = ContinuousClock()
        let started = clock.now
        search.cancel()
        let state = await search.value
        #expect(clock.now - started < .seconds(2))
        #expect(state.providers.map(\.phase) == [.cancelled, .ok])
        #expect(state.wasCancelled)
        #expect(straggler.wasCancelled)
        #expect(state.results.map(\.photo.id) == ["quick-1"])
    }

    @Test("each provider's request is due at its own timeout or the search deadline, whichever comes first")
    func requestsCarryTheirDeadline() async {
        let early = DeadlineRecorder(name: "early")
        let late = DeadlineRecorder(name: "late")
        let started = ContinuousClock.now
        _ = await viewModel(
            [early.live(timeout: .seconds(2)), late.live(timeout: .seconds(60))], timeout: .seconds(5)
        ).search(SearchRequest(.search("x"), limit: 30))
        let earlyDue = early.seen.deadline.map { $0 - started }
        let lateDue = late.seen.deadline.map { $0 - started }
        #expect(earlyDue.map { $0 >= .seconds(2) && $0 < .seconds(3) } == true)
        #expect(lateDue.map { $0 >= .seconds(5) && $0 < .seconds(6) } == true)
    }
}

/// A provider that answers at once with nothing and remembers the request it was given.
final class DeadlineRecorder: PhotoProvider, Sendable {
    let name: String
    private let request = Mutex<SearchRequest?>(nil)
    var supportsPopular: Bool { true }

    init(name: String) { self.name = name }

    var seen: SearchRequest { request.withLock { $0 } ?? SearchRequest(.popular, limit: 0) }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        self.request.withLock { $0 = request }
        return .pages { _ in nil }
    }

    func live(timeout: Duration?) -> LiveProvider {
        LiveProvider(provider: self, typeName: "recorder", weight: 1, timeout: timeout)
    }
}
