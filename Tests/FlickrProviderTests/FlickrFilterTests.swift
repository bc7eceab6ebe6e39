import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import FlickrProvider

/// Filters translated into `flickr.photos.search` parameters, and observed at the fake Flickr.
@Suite("Flickr filter pushdown")
struct FlickrFilterTests {
    private func query(
        _ filters: SearchFilters, license: [Int] = [], operation: SearchRequest.Operation = .search("fog")
    )
        throws -> [String: String]
    {
        let options: FlickrFactory.Options = try OptionsFixture.decode([
            "api_key": "k", "endpoint": "https://api.example/services/rest/", "license": license,
        ])
        let url = try FlickrRequests.url(
            for: SearchRequest(operation, limit: 10, filters: filters), page: 1, perPage: 10, options: options)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    private static func date(_ text: String) -> Date? { SearchFilters.date(from: text) }

    @Test("licence ids and groups become the Flickr ids whose licence passes, as a comma list")
    func licenses() throws {
        #expect(try query(SearchFilters(licenses: ["CC0-1.0", "PDM-1.0"]))["license"] == "9,10")
        #expect(try query(SearchFilters(licenses: ["cc-by-2.0"]))["license"] == "4")
        // Commercial use and modification without attribution: CC0, PDM, US government works.
        #expect(try query(SearchFilters(licenseGroups: [.commercial, .noAttribution]))["license"] == "8,9,10")
        #expect(try query(SearchFilters(licenseGroups: [.commercial]))["license"] == "4,5,6,7,8,9,10,11,12,13")
        #expect(try query(SearchFilters())["license"] == nil)
    }

    @Test("the configured license option and the filters narrow each other")
    func configuredLicense() throws {
        #expect(try query(SearchFilters(), license: [4, 9])["license"] == "4,9")
        #expect(try query(SearchFilters(licenses: ["CC0-1.0"]), license: [4, 9])["license"] == "9")
        #expect(try query(SearchFilters(licenses: ["CC0-1.0"]), license: [4])["license"] == "")
    }

    @Test("taken dates become inclusive min_taken_date and max_taken_date on whole seconds")
    func takenDates() throws {
        let after = try #require(Self.date("2023-03-01"))
        let before = try #require(Self.date("2023-06-01"))
        let items = try query(SearchFilters(takenAfter: after, takenBefore: before))
        #expect(items["min_taken_date"] == "2023-03-01 00:00:00")
        #expect(items["max_taken_date"] == "2023-05-31 23:59:59")  // taken-before is exclusive
        #expect(items["text"] == "fog")  // the text stays: Flickr wants a limiting parameter
        let fractional = try query(SearchFilters(takenAfter: after.addingTimeInterval(0.5)))
        #expect(fractional["min_taken_date"] == "2023-03-01 00:00:01")
    }

    @Test("a search declares licences and dates applied; the popular feed sends and declares none")
    func capabilities() throws {
        #expect(FlickrFilters.applied(for: .search("x")) == [.license, .takenDate])
        #expect(FlickrFilters.applied(for: .popular).isEmpty)
        let filters = SearchFilters(licenses: ["CC0-1.0"], takenAfter: Self.date("2023-03-01"))
        let popular = try query(filters, operation: .popular)
        #expect(popular["license"] == nil && popular["min_taken_date"] == nil)
        let items = try query(SearchFilters(orientation: .landscape, minWidth: 3000))
        #expect(items["orientation"] == nil && items["min_width"] == nil)  // applied afterwards
    }

    @Test("against the fake Flickr, every page asks for the filters and every photo passes them")
    func requestsCarryFilters() async throws {
        let fixture = try await FlickrFixture()
        let provider = try fixture.provider(perPage: 5)
        let filters = SearchFilters(
            licenseGroups: [.commercial], takenAfter: Self.date("2023-04-01"), takenBefore: Self.date("2023-09-01"))
        let request = SearchRequest(
            .search("harbor"), limit: 12, filters: filters,
            filtersAfter: filters.removing(provider.appliedFilters(for: .search("harbor"))))
        let photos = try await ProviderConformance.collect(provider, request)
        #expect(!photos.isEmpty)
        #expect(photos.allSatisfy { filters.matches($0) })
        let calls = try await fixture.calls()
        #expect(!calls.isEmpty)
        for call in calls {
            #expect(call["license"] == "4,5,6,7,8,9,10,11,12,13")
            #expect(call["min_taken_date"] == "2023-04-01 00:00:00")
            #expect(call["max_taken_date"] == "2023-08-31 23:59:59")
        }
    }

    @Test("when no Flickr licence passes the filters, the provider asks Flickr nothing")
    func noLicenceNoCall() async throws {
        let fixture = try await FlickrFixture()
        let filters = SearchFilters(licenses: ["unsplash"])
        let photos = try await ProviderConformance.collect(
            try fixture.provider(), SearchRequest(.search("harbor"), limit: 5, filters: filters))
        #expect(photos.isEmpty)
        #expect(try await fixture.calls().isEmpty)
    }

    @Test(
        "a place becomes lat, lon and a radius in km capped at Flickr's 32; the fake answers geotagged photos within it"
    )
    func place() async throws {
        var filters = SearchFilters(
            near: SearchFilters.Near(center: GeoLocation(latitude: 44.0, longitude: -74.5), name: "44,-74.5"))
        filters.within = 50
        let items = try query(filters)
        #expect(items["lat"] == "44.000000" && items["lon"] == "-74.500000")
        #expect(items["radius"] == "32.000" && items["radius_units"] == "km")
        filters.within = 5
        #expect(try query(filters)["radius"] == "5.000")
        #expect(FlickrFilters.applied(for: .search("x")).contains(.near) == false)  // checked again afterwards

        let fixture = try await FlickrFixture()
        let photos = try await ProviderConformance.collect(
            try fixture.provider(), SearchRequest(.search("city"), limit: 50, filters: filters, filtersAfter: filters))
        #expect(!photos.isEmpty)
        #expect(photos.allSatisfy { filters.isNear($0.location) })
        #expect(try await fixture.calls().allSatisfy { $0["radius"] == "5.000" && $0["lat"] == "44.000000" })
    }
}
