import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Synchronization
import Testing

/// A paging provider whose every `portraitEvery`-th photo is a portrait (the rest landscapes),
/// with `pageCount` pages of `pageSize` (or no end); it counts the pages it was asked for.
private struct ShapedProvider: PhotoProvider {
    final class Counter: Sendable {
        let pages = Mutex(0)
    }

    let name = "shaped"
    var pageSize = 5
    var pageCount: Int? = nil
    var portraitEvery: Int? = 5
    var applied: SearchFilters.Capabilities = []
    let counter = Counter()
    var supportsPopular: Bool { true }
    var appliedFilters: SearchFilters.Capabilities { applied }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let provider = self
        return .paging(wanted: request.limit, keeping: request.filtersAfter) { page in
            provider.counter.pages.withLock { $0 += 1 }
            if let pageCount = provider.pageCount, page > pageCount { return FetchedPage(photos: []) }
            let photos = (1...provider.pageSize).map { item in
                let number = (page - 1) * provider.pageSize + item
                let portrait = provider.portraitEvery.map { number % $0 == 0 } ?? false
                return Photo(
                    provider: provider.name, id: "\(number)", title: "photo \(number)", width: portrait ? 300 : 400,
                    height: portrait ? 400 : 300)
            }
            return FetchedPage(photos: photos)
        }
    }

    var fetchedPages: Int { counter.pages.withLock { $0 } }

    func live() -> LiveProvider { LiveProvider(provider: self, typeName: "shaped") }
}

@Suite("Filters applied after the fact, and the page top-up")
struct FilterTopUpTests {
    private let portraits = SearchFilters(orientation: .portrait)
    /// These tests are not about deadlines: a search must not time out on a loaded machine.
    static let patience = Duration.seconds(300)

    private func search(_ provider: ShapedProvider, limit: Int, filters: SearchFilters) async -> SearchState {
        let model = SearchViewModel(
            lineup: ProviderLineup(providers: [provider.live()]),
            settings: SearchSettings(limit: limit, timeout: Self.patience))
        return await model.search(SearchRequest(.search("x"), limit: limit, filters: filters))
    }

    @Test("photos failing a filter are dropped, counted, and pages are fetched until the share is filled")
    func topsUp() async {
        let provider = ShapedProvider()
        let state = await search(provider, limit: 5, filters: portraits)
        #expect(state.results.map(\.photo.id) == ["5", "10", "15", "20", "25"])
        #expect(provider.fetchedPages == 5)
        let status = state.providers[0]
        #expect(status.count == 5)
        #expect(status.removedByFilters == 20)
        #expect(status.filtersAtSource.isEmpty)
        #expect(status.filtersAfter == ["orientation"])
        #expect(!status.reachedPageBound)
    }

    @Test("the top-up stops 10 pages after the first when the share stays unfilled, and says so")
    func boundedTopUp() async {
        let provider = ShapedProvider(portraitEvery: nil)
        let state = await search(provider, limit: 5, filters: portraits)
        #expect(state.results.isEmpty)
        #expect(provider.fetchedPages == 11)
        #expect(state.providers[0].reachedPageBound)
        #expect(state.providers[0].removedByFilters == 55)
        #expect(state.providers[0].phase == .ok)
    }

    @Test("the top-up stops where the source runs out")
    func sourceRunsOut() async {
        let provider = ShapedProvider(pageCount: 3)
        let state = await search(provider, limit: 5, filters: portraits)
        #expect(state.results.map(\.photo.id) == ["5", "10", "15"])
        #expect(provider.fetchedPages == 4)  // the fourth page is empty: the end
        #expect(!state.providers[0].reachedPageBound)
    }

    @Test("a filter the provider applies itself is not applied again, and nothing more is fetched")
    func appliedAtSource() async {
        let provider = ShapedProvider(applied: [.orientation])
        let state = await search(provider, limit: 5, filters: portraits)
        #expect(state.results.count == 5)  // the fake ignores the filter it claims: nothing is removed
        #expect(provider.fetchedPages == 1)
        #expect(state.providers[0].filtersAtSource == ["orientation"])
        #expect(state.providers[0].filtersAfter.isEmpty)
        #expect(state.providers[0].removedByFilters == 0)
    }

    @Test("without filters, paging fetches only what the share needs")
    func noFilters() async {
        let provider = ShapedProvider()
        let state = await search(provider, limit: 12, filters: SearchFilters())
        #expect(state.results.count == 12)
        #expect(provider.fetchedPages == 3)
        #expect(state.providers[0].filtersAfter.isEmpty)
    }

    @Test("photos whose field is unknown do not pass")
    func unknownFieldFails() async {
        let unknown = ScriptedProvider(name: "plain", pages: [(.zero, ScriptedProvider.photos("plain", 4))])
        let model = SearchViewModel(
            lineup: ProviderLineup(providers: [unknown.live()]),
            settings: SearchSettings(limit: 10, timeout: Self.patience))
        let state = await model.search(
            SearchRequest(.search("x"), limit: 10, filters: SearchFilters(minWidth: 1)))
        #expect(state.results.isEmpty)
        #expect(state.providers[0].removedByFilters == 4)
        #expect(state.providers[0].filtersUnevaluable == ["size"])  // reported, not silently ignored
    }

    @Test("a filter some photos have the field for is not reported as unevaluable")
    func evaluable() async {
        let state = await search(ShapedProvider(portraitEvery: nil), limit: 5, filters: portraits)
        #expect(state.providers[0].filtersUnevaluable.isEmpty)
    }
}
