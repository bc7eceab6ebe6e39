import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import CommonsProvider

/// The minimum size sent as CirrusSearch's `filew`/`fileh` keywords, a pre-filter checked again.
extension CommonsProviderTests {
    @Test("minimum width and height become filew:> and fileh:> one pixel under, in the search text")
    func sizeKeywords() {
        #expect(
            CommonsRequests.sizeKeywords(SearchFilters(minWidth: 3000, minHeight: 2000)) == [
                "filew:>2999", "fileh:>1999",
            ])
        #expect(CommonsRequests.sizeKeywords(SearchFilters(orientation: .portrait)).isEmpty)
        let popular = CommonsRequests.parameters(
            query: nil, options: options(), filters: SearchFilters(minWidth: 3000))
        #expect(!popular.contains { $0.1.contains("filew") })  // a category listing has no search text
    }

    @Test("against the fake Commons, every page's gsrsearch carries the size keywords; nothing is declared applied")
    func requestsCarryFilters() async throws {
        let provider = try provider(options(pageSize: 4))
        #expect(provider.appliedFilters(for: .search("bridge")).isEmpty)
        let filters = SearchFilters(minWidth: 1000, minHeight: 500)
        _ = try await ProviderConformance.collect(
            provider, SearchRequest(.search("bridge"), limit: 6, filters: filters, filtersAfter: filters))
        let calls = try await calls()
        #expect(!calls.isEmpty)
        for call in calls {
            #expect(call["gsrsearch"] == "filetype:bitmap|drawing filew:>999 fileh:>499 bridge")
        }
    }

    @Test(
        "a place becomes nearcoord:RADIUS,LAT,LON; the fake answers files with positions within it, read from extmetadata"
    )
    func placeKeyword() async throws {
        var filters = SearchFilters(
            near: SearchFilters.Near(center: GeoLocation(latitude: 38.7223, longitude: -9.1393), name: "Lisbon"))
        filters.within = 10
        #expect(CommonsRequests.placeKeywords(filters) == ["nearcoord:10000m,38.722300,-9.139300"])
        #expect(CommonsRequests.placeKeywords(SearchFilters()).isEmpty)
        let photos = try await ProviderConformance.collect(
            try provider(options(pageSize: 5)),
            SearchRequest(.search("dusk"), limit: 20, filters: filters, filtersAfter: filters))
        #expect(!photos.isEmpty)
        #expect(photos.allSatisfy { filters.isNear($0.location) })
        let calls = try await calls()
        #expect(
            calls.allSatisfy {
                $0["gsrsearch"]?.hasPrefix("filetype:bitmap|drawing nearcoord:10000m,38.722300,-9.139300 ") == true
            })
        #expect(calls.allSatisfy { $0["iiextmetadatafilter"]?.contains("GPSLatitude|GPSLongitude") == true })
    }
}
