import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import UnsplashProvider

/// The orientation filter sent as Unsplash's `orientation`, a pre-filter the view-model checks again.
extension UnsplashProviderTests {
    @Test("each orientation becomes Unsplash's orientation on every page; nothing is declared applied")
    func orientationPushdown() async throws {
        let cases: [(SearchFilters.Orientation, String)] = [
            (.landscape, "landscape"), (.portrait, "portrait"), (.square, "squarish"),
        ]
        let provider = try provider(perPage: 5)
        #expect(provider.appliedFilters(for: .search("harbor")).isEmpty)
        for (orientation, sent) in cases {
            let filters = SearchFilters(orientation: orientation, minWidth: 1000)
            _ = try await ProviderConformance.collect(
                provider, SearchRequest(.search("harbor \(sent)"), limit: 3, filters: filters, filtersAfter: filters))
            let calls = try await calls().filter { $0.query["query"] == "harbor \(sent)" }
            #expect(!calls.isEmpty)
            #expect(calls.allSatisfy { $0.query["orientation"] == sent && $0.query["min_width"] == nil })
        }
    }

    @Test("the configured orientation option wins over the filter, and the popular feed sends none")
    func orientationOption() throws {
        let options: UnsplashFactory.Options = try OptionsFixture.decode([
            "access_key": "k", "orientation": "portrait",
        ])
        let filtered = SearchRequest(.search("fog"), limit: 5, filters: SearchFilters(orientation: .landscape))
        let url = try UnsplashRequests.url(for: filtered, page: 1, perPage: 5, options: options)
        #expect(url.query?.contains("orientation=portrait") == true)
        var popular = filtered
        popular.operation = .popular
        let feed = try UnsplashRequests.url(
            for: popular, page: 1, perPage: 5, options: try OptionsFixture.decode(["access_key": "k"]))
        #expect(feed.query?.contains("orientation") == false)
    }
}
