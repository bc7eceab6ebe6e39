import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Testing

/// A provider whose first page declares, during the run, which filters its source applied
/// (as an exec plugin's `filters_applied` line does), then sends photos none of which has a licence.
private struct DeclaringProvider: PhotoProvider {
    let name = "declaring"
    let declared: SearchFilters.Capabilities?
    var supportsPopular: Bool { false }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let pages = [
            PhotoPage(photos: [], appliedFilters: declared),
            PhotoPage(photos: (1...4).map { Photo(provider: "declaring", id: "\($0)", width: 400, height: 300) }),
        ]
        return AsyncThrowingStream { continuation in
            for page in pages { continuation.yield(page) }
            continuation.finish()
        }
    }
}

@Suite("Filters a source declares applied during the run")
struct DeclaredFilterTests {
    private func search(declared: SearchFilters.Capabilities?) async -> SearchState {
        let model = SearchViewModel(
            lineup: ProviderLineup(providers: [
                LiveProvider(provider: DeclaringProvider(declared: declared), typeName: "t")
            ]),
            settings: SearchSettings(limit: 10, timeout: .seconds(300)))
        let filters = SearchFilters(licenses: ["CC0-1.0"], orientation: .landscape)
        return await model.search(SearchRequest(.search("x"), limit: 10, filters: filters))
    }

    @Test("declared kinds are not applied again and move to at-source in the status; the rest still apply")
    func declared() async {
        let state = await search(declared: [.license, .size])  // size was not asked for: ignored
        #expect(state.results.count == 4)
        #expect(state.providers[0].filtersAtSource == ["license"])
        #expect(state.providers[0].filtersAfter == ["orientation"])
        #expect(state.providers[0].removedByFilters == 0)
        #expect(state.providers[0].filtersUnevaluable.isEmpty)
    }

    @Test("without a declaration every filter applies afterwards")
    func undeclared() async {
        let state = await search(declared: nil)
        #expect(state.results.isEmpty)
        #expect(state.providers[0].filtersAtSource.isEmpty)
        #expect(state.providers[0].filtersAfter == ["license", "orientation"])
        #expect(state.providers[0].removedByFilters == 4)
        #expect(state.providers[0].filtersUnevaluable == ["license"])
    }
}
