import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import PexelsProvider

/// Orientation and size sent as Pexels' pre-filters; the view-model checks both again.
extension PexelsProviderTests {
    @Test("orientation is sent as is; size only when the minimum width × height reaches its floor")
    func parameters() {
        #expect(PexelsFilters.parameters(for: SearchFilters(orientation: .square)).map(\.1) == ["square"])
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: 6000, minHeight: 4000)) == "large")
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: 4000, minHeight: 3000)) == "medium")
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: 2000, minHeight: 2000)) == "small")
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: 1000, minHeight: 1000)) == nil)
        // A width alone says nothing about the pixel count: a 6000 × 100 photo has 0.6 MP.
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: 6000)) == nil)
        #expect(PexelsFilters.size(for: SearchFilters(minWidth: Int.max, minHeight: Int.max)) == "large")
    }

    @Test("against the fake Pexels, a filtered search sends orientation and size on every page")
    func requestsCarryFilters() async throws {
        let provider = try provider(.init(apiKey: Self.key, endpoint: server.url("/"), perPage: 5))
        #expect(provider.appliedFilters(for: .search("fog")).isEmpty)
        let filters = SearchFilters(orientation: .portrait, minWidth: 3000, minHeight: 4000)
        _ = try await ProviderConformance.collect(
            provider, SearchRequest(.search("forest"), limit: 8, filters: filters, filtersAfter: filters))
        let searches = try await calls().filter { $0["path"] == "/v1/search" }
        #expect(!searches.isEmpty)
        for call in searches {
            #expect(call["orientation"] == "portrait")
            #expect(call["size"] == "medium")
        }
    }

    @Test("the curated feed takes no filter parameters")
    func curatedSendsNone() throws {
        let url = try PexelsRequests.url(
            query: nil, page: 1, perPage: 5, endpoint: try #require(URL(string: "https://api.example/")),
            filters: SearchFilters(orientation: .portrait, minWidth: 6000, minHeight: 4000))
        #expect(url.query?.contains("orientation") == false && url.query?.contains("size") == false)
    }
}
