import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Synchronization
import Testing

/// The last request a provider was sent.
private final class LastRequest: Sendable {
    let value = Mutex<SearchRequest?>(nil)
}

/// A provider that remembers the request it was sent, applying the taken-date filter or not.
private struct RecordingProvider: PhotoProvider {
    let name: String
    let datesAtSource: Bool
    let timeWordsItself: Bool
    let last = LastRequest()
    var supportsPopular: Bool { false }
    var appliedFilters: SearchFilters.Capabilities { datesAtSource ? [.takenDate] : [] }
    var matchesTimeWords: Bool { timeWordsItself }

    init(name: String, datesAtSource: Bool = false, timeWordsItself: Bool = false) {
        self.name = name
        self.datesAtSource = datesAtSource
        self.timeWordsItself = timeWordsItself
    }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        last.value.withLock { $0 = request }
        return AsyncThrowingStream { $0.finish() }
    }
}

@Suite("Time words routed to each provider")
struct TimeWordRoutingTests {
    @Test(
        "dates at source get the words as a range out of the text; words-only sources keep them; a folder matches them itself"
    )
    func routing() async throws {
        let flickrLike = RecordingProvider(name: "dates", datesAtSource: true)
        let textOnly = RecordingProvider(name: "text")
        let folder = RecordingProvider(name: "folder", datesAtSource: true, timeWordsItself: true)
        let model = SearchViewModel(
            lineup: ProviderLineup(
                providers: [flickrLike, textOnly, folder].map { LiveProvider(provider: $0, typeName: "t") }),
            settings: SearchSettings(limit: 10, timeout: .seconds(300)))
        let asked = SearchFilters(takenAfter: SearchFilters.date(from: "2019-06-10"))
        let state = await model.search(SearchRequest(.search("lisbon june 2019"), limit: 10, filters: asked))

        let dated = try #require(flickrLike.last.value.withLock { $0 })
        #expect(dated.query == "lisbon")
        #expect(dated.filters.takenAfter == SearchFilters.date(from: "2019-06-10"))  // the narrower bound wins
        #expect(dated.filters.takenBefore == SearchFilters.date(from: "2019-07-01"))
        #expect(dated.filtersAfter.takenBefore == nil)  // applied at the source, not again
        #expect(textOnly.last.value.withLock { $0?.query } == "lisbon june 2019")
        #expect(folder.last.value.withLock { $0?.query } == "lisbon june 2019")
        #expect(
            state.providers.map(\.timeWords) == [
                "june 2019 as taken date", "june 2019 in the text", "june 2019 by date taken or as words",
            ])
    }

    @Test("words that name no single range, and queries without time words, are sent as typed")
    func unchanged() async throws {
        let flickrLike = RecordingProvider(name: "dates", datesAtSource: true)
        let model = SearchViewModel(
            lineup: ProviderLineup(providers: [LiveProvider(provider: flickrLike, typeName: "t")]),
            settings: SearchSettings(limit: 10, timeout: .seconds(300)))
        let state = await model.search(SearchRequest(.search("harbor june"), limit: 10))
        #expect(flickrLike.last.value.withLock { $0?.query } == "harbor june")
        #expect(flickrLike.last.value.withLock { $0?.filters.takenAfter } == nil)
        #expect(state.providers.first?.timeWords == "june in the text")
        _ = await model.search(SearchRequest(.search("harbor"), limit: 10))
        #expect(flickrLike.last.value.withLock { $0?.query } == "harbor")
    }
}
