import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Testing

@Suite("Search view-model")
struct SearchViewModelTests {
    func viewModel(
        _ providers: [LiveProvider], skipped: [SkippedProvider] = [], limit: Int = 30, timeout: Duration = .seconds(10)
    )
        -> SearchViewModel
    {
        SearchViewModel(
            lineup: ProviderLineup(providers: providers, skipped: skipped),
            settings: SearchSettings(limit: limit, timeout: timeout))
    }

    @Test("a fast provider's results are published while a slow one is still running")
    func fastBeforeSlow() async {
        let fast = ScriptedProvider(name: "fast", pages: [(.milliseconds(10), ScriptedProvider.photos("fast", 2))])
        let slow = ScriptedProvider(name: "slow", pages: [(.milliseconds(500), ScriptedProvider.photos("slow", 2))])
        let model = viewModel([fast.live(), slow.live()])
        let states = model.states
        async let final = model.search(SearchRequest(.search("x"), limit: 30))
        var firstWithResults: SearchState?
        for await state in states where !state.results.isEmpty {
            firstWithResults = state
            break
        }
        #expect(firstWithResults?.results.map(\.photo.provider) == ["fast", "fast"])
        #expect(firstWithResults?.providers.first { $0.name == "slow" }?.phase == .running)
        #expect(firstWithResults?.isRunning == true)
        let done = await final
        #expect(done.results.count == 4)
        #expect(done.providers.map(\.phase) == [.ok, .ok])
        #expect(done.providers.map(\.count) == [2, 2])
    }

    @Test("a file: image or page URL from a provider never reaches the results, so no view or download opens it")
    func fileLinksFromProvidersAreDropped() async throws {
        let file = try #require(URL(string: "file:///etc/passwd"))
        let web = try #require(URL(string: "https://e.org/b.jpg"))
        let photo = Photo(
            provider: "web", id: "1", pageURL: file,
            images: [PhotoImage(size: .large, url: file), PhotoImage(size: .small, url: web)])
        let provider = ScriptedProvider(name: "web", pages: [(.zero, [photo])])
        let done = await viewModel([provider.live()]).search(SearchRequest(.search("x"), limit: 5))
        let result = try #require(done.results.first?.photo)
        #expect(result.pageURL == nil)
        #expect(result.images.map(\.url) == [web])
    }

    @Test("links without a host lose their place, and a password written into a link is taken out")
    func hostlessAndPasswordLinks() async throws {
        let photo = Photo(
            provider: "web", id: "1", authorURL: URL(string: "http:evil.example"),
            pageURL: URL(string: "https://user:pa55word@example.org/p?q=1"),
            images: [
                PhotoImage(size: .large, url: URL(string: "http:///x.jpg")!),
                PhotoImage(size: .small, url: URL(string: "https://tok@img.example/s.jpg")!),
            ])
        let provider = ScriptedProvider(name: "web", pages: [(.zero, [photo])])
        let done = await viewModel([provider.live()]).search(SearchRequest(.search("x"), limit: 5))
        let result = try #require(done.results.first?.photo)
        #expect(result.pageURL?.absoluteString == "https://example.org/p?q=1")
        #expect(result.authorURL == nil)
        #expect(result.images.map(\.url.absoluteString) == ["https://img.example/s.jpg"])
    }

    @Test("impossible values from any provider are made unknown, and a photo without an id is dropped, centrally")
    func impossibleValuesAreCheckedCentrally() async throws {
        var huge = Photo(provider: "p", id: "1", title: "huge", width: 5_000_000, height: 0)
        huge.popularity.views = -3
        huge.location = GeoLocation(latitude: 91, longitude: 0)
        let blank = Photo(provider: "p", id: "  ", title: "no id")
        let provider = ScriptedProvider(name: "p", pages: [(.zero, [huge, blank])])
        let done = await viewModel([provider.live()]).search(SearchRequest(.search("x"), limit: 5))
        #expect(done.results.count == 1)
        let result = try #require(done.results.first?.photo)
        #expect(result.width == nil && result.height == nil)
        #expect(result.popularity.views == nil && result.location == nil)
        #expect(result.title == "huge")
    }

    @Test("a failing provider is marked failed with its message and never stops the others")
    func failureIsolation() async {
        let good = ScriptedProvider(name: "good", pages: [(.milliseconds(20), ScriptedProvider.photos("good", 3))])
        let bad = ScriptedProvider(
            name: "bad", pages: [(.zero, ScriptedProvider.photos("bad", 1))],
            ending: .fail(.badData("the response was not JSON")))
        let state = await viewModel([bad.live(), good.live()]).search(SearchRequest(.search("x"), limit: 30))
        #expect(state.providers[0].phase == .failed)
        #expect(state.providers[0].message == "the response was not JSON")
        #expect(state.providers[0].count == 1)
        #expect(state.providers[1].phase == .ok)
        #expect(state.results.count == 4)
        #expect(!state.everyProviderFailed)
    }

    @Test("when every provider fails, the state says so")
    func everyProviderFailed() async {
        let a = ScriptedProvider(name: "a", pages: [], ending: .fail(.unavailable("down")))
        let b = ScriptedProvider(name: "b", pages: [], ending: .fail(.rejected("key rejected")))
        let state = await viewModel([a.live(), b.live()]).search(SearchRequest(.search("x"), limit: 30))
        #expect(state.everyProviderFailed)
        #expect(state.results.isEmpty)
    }

    @Test("a provider over its own timeout is marked timed out while the others finish")
    func perProviderTimeout() async {
        let stuck = ScriptedProvider(name: "stuck", pages: [], ending: .hang)
        let quick = ScriptedProvider(name: "quick", pages: [(.milliseconds(10), ScriptedProvider.photos("quick", 1))])
        let clock = ContinuousClock()
        let started = clock.now
        let state = await viewModel([stuck.live(timeout: .milliseconds(150)), quick.live()])
            .search(SearchRequest(.search("x"), limit: 30))
        #expect(clock.now - started < .seconds(30))  // the stuck provider would wait an hour
        #expect(state.providers.map(\.phase) == [.timedOut, .ok])
        #expect(state.providers[0].message?.hasPrefix("no answer within") == true)
        #expect(state.results.map(\.photo.id) == ["quick-1"])
    }

    @Test("at the global deadline the search finishes with what arrived and marks late providers timed out")
    func globalDeadline() async {
        let never = ScriptedProvider(name: "never", pages: [], ending: .hang)
        let partial = ScriptedProvider(
            name: "partial", pages: [(.zero, ScriptedProvider.photos("partial", 2))], ending: .hang)
        let clock = ContinuousClock()
        let started = clock.now
        // The first page comes at once; the deadline leaves ample room for it on a loaded machine.
        let state = await viewModel([never.live(), partial.live()], timeout: .seconds(2))
            .search(SearchRequest(.search("x"), limit: 30))
        #expect(clock.now - started < .seconds(30))  // both providers would wait an hour
        #expect(state.providers.map(\.phase) == [.timedOut, .timedOut])
        #expect(state.providers.map(\.message) == ["no answer within 2.0 s", "no answer within 2.0 s"])
        #expect(state.results.map(\.photo.id) == ["partial-1", "partial-2"])
        #expect(!state.isRunning)
        #expect(state.providers.map(\.isPartial) == [false, true])
        #expect(!state.everyProviderFailed)  // "partial" answered, in part
    }

    @Test("cancelling the search stops every provider and marks the unfinished ones cancelled")
    func cancellation() async {
        let never = ScriptedProvider(name: "never", pages: [], ending: .hang)
        let done = ScriptedProvider(name: "done", pages: [(.zero, ScriptedProvider.photos("done", 1))])
        let model = viewModel([never.live(), done.live()])
        let states = model.states
        let task = Task { await model.search(SearchRequest(.search("x"), limit: 30)) }
        for await state in states where state.providers.first?.name == "never" && state.providers[1].phase == .ok {
            break
        }
        let clock = ContinuousClock()
        let started = clock.now
        task.cancel()
        let state = await task.value
        #expect(clock.now - started < .seconds(10))  // the hanging provider would wait an hour
        #expect(state.providers.map(\.phase) == [.cancelled, .ok])
        #expect(state.wasCancelled)
        #expect(state.results.map(\.photo.id) == ["done-1"])
    }

    @Test("a subscriber that arrives late receives the latest snapshot first")
    func lateSubscriber() async {
        let one = ScriptedProvider(name: "one", pages: [(.zero, ScriptedProvider.photos("one", 2))])
        let model = viewModel([one.live()])
        await model.search(SearchRequest(.search("x"), limit: 30))
        var iterator = model.states.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.isFinished == true)
        #expect(first?.results.count == 2)
        #expect(first?.isRunning == false)
    }

    @Test("skipped providers appear in the state with their reasons, and never run")
    func skippedProviders() async {
        let one = ScriptedProvider(name: "one", pages: [(.zero, ScriptedProvider.photos("one", 1))])
        let state = await viewModel(
            [one.live()], skipped: [SkippedProvider(name: "flickr", typeName: "flickr", reason: "api_key is empty")]
        ).search(SearchRequest(.search("x"), limit: 30))
        #expect(state.providers.map(\.phase) == [.ok, .skipped])
        #expect(state.providers[1].message == "api_key is empty")
        #expect(!state.everyProviderFailed)
    }

    @Test("photos beyond a provider's share are dropped, and the merged list is cut to the limit")
    func limits() async {
        let greedy = ScriptedProvider(name: "greedy", pages: [(.zero, ScriptedProvider.photos("greedy", 50))])
        let capped = ScriptedProvider(name: "capped", pages: [(.zero, ScriptedProvider.photos("capped", 50))])
        let state = await viewModel([greedy.live(), capped.live(maxResults: 5)], limit: 8)
            .search(SearchRequest(.search("x"), limit: 8))
        #expect(state.providers.map(\.count) == [8, 5])
        #expect(state.results.count == 8)
        #expect(state.results.map(\.rank) == Array(1...8))
    }

    @Test("the log has every page and provider result in order, though snapshots are coalesced")
    func logHasEveryEvent() async {
        let pages = (1...40).map { page in
            (Duration.zero, [Photo(provider: "one", id: "\(page)")])
        }
        let one = ScriptedProvider(name: "one", pages: pages)
        let model = viewModel([one.live()])
        let states = model.states
        let final = await model.search(SearchRequest(.search("x"), limit: 100))
        let events = final.log.events(from: 0)
        #expect(events.count == 41)
        #expect(events.first == .page(provider: "one", photos: [Photo(provider: "one", id: "1")]))
        #expect(events.last == .providerFinished(final.providers[0]))
        #expect(final.log.events(from: 39).count == 2)
        // A subscriber that read nothing while the search ran holds only the newest snapshot.
        var unread = states.makeAsyncIterator()
        let newest = await unread.next()
        #expect(newest?.isFinished == true)
        #expect(newest?.log.count == 41)
    }

    @Test(
        "the same photo from two providers is credited to the one listed first, whichever answers first",
        arguments: [(Duration.zero, Duration.milliseconds(300)), (.milliseconds(300), .zero)])
    func duplicateCreditedToFirstListed(delays: (first: Duration, second: Duration)) async {
        let url = URL(string: "https://example.com/photos/7")
        let first = ScriptedProvider(
            name: "first", pages: [(delays.first, [Photo(provider: "first", id: "7", title: "Pier", pageURL: url)])])
        let second = ScriptedProvider(
            name: "second",
            pages: [(delays.second, [Photo(provider: "second", id: "x7", title: "Jetty", pageURL: url)])]
        )
        let state = await viewModel([first.live(), second.live()]).search(SearchRequest(.search("x"), limit: 30))
        #expect(state.results.map(\.photo.provider) == ["first"])
        #expect(state.results.map(\.photo.title) == ["Pier"])
        #expect(state.results.map(\.score) == [1.0 / 61 + 1.0 / 61])  // one term from each provider
        #expect(state.results.first?.explanation.map(\.provider) == ["first", "second"])
    }

    @Test("1,000 providers answering at once make a few coalesced snapshots, and the final one is exact")
    func coalescedSnapshots() async {
        let providers = (0..<1_000).map { index in
            ScriptedProvider(name: "p\(index)", pages: [(.zero, ScriptedProvider.photos("p\(index)", 2))]).live()
        }
        let model = viewModel(providers, timeout: .seconds(60))
        let states = model.states
        let reader = Task {
            var seen = 0
            for await state in states {
                seen += 1
                if state.isFinished { break }
            }
            return seen
        }
        let final = await model.search(SearchRequest(.search("x"), limit: 30))
        let seen = await reader.value
        #expect(seen < 200)  // one snapshot per event would be 2,000; at most one per 50 ms while it runs
        #expect(final.providers.allSatisfy { $0.phase == .ok && $0.count == 2 })
        #expect(final.log.count == 2_000)
        #expect(final.results.count == 30)
        #expect(final.results.map(\.photo.id).prefix(2) == ["p0-1", "p1-1"])
    }
}
