import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import PixabayProvider

/// Minimum size applied by Pixabay (`min_width`, `min_height`); orientation a pre-filter.
@Suite("Pixabay filter pushdown", .serialized)
struct PixabayFilterTests {
    @Test("landscape and portrait become horizontal and vertical; square is not sent; sizes are")
    func parameters() {
        func sent(_ filters: SearchFilters) -> [String: String] {
            Dictionary(PixabayFilters.parameters(for: filters), uniquingKeysWith: { $1 })
        }
        #expect(sent(SearchFilters(orientation: .landscape)) == ["orientation": "horizontal"])
        #expect(sent(SearchFilters(orientation: .portrait)) == ["orientation": "vertical"])
        #expect(sent(SearchFilters(orientation: .square)).isEmpty)
        #expect(sent(SearchFilters(minWidth: 3000, minHeight: 2000)) == ["min_width": "3000", "min_height": "2000"])
        #expect(PixabayFilters.applied == [.size])
    }

    @Test("against the fake Pixabay, every page of a search and of the popular feed carries the filters")
    func requestsCarryFilters() async throws {
        let fixture = try await PixabayFixture()
        let provider = try fixture.provider(fixture.options(perPage: 3))
        let filters = SearchFilters(orientation: .landscape, minWidth: 1200, minHeight: 800)
        for operation in [SearchRequest.Operation.search("forest"), .popular] {
            #expect(provider.appliedFilters(for: operation) == [.size])
            let request = SearchRequest(
                operation, limit: 5, filters: filters,
                filtersAfter: filters.removing(provider.appliedFilters(for: operation)))
            _ = try await ProviderConformance.collect(provider, request)
        }
        let calls = try await fixture.calls()
        #expect(calls.contains { $0["order"] == "popular" })
        #expect(calls.count >= 2)
        for call in calls {
            #expect(call["orientation"] == "horizontal")
            #expect(call["min_width"] == "1200")
            #expect(call["min_height"] == "800")
        }
    }
}
