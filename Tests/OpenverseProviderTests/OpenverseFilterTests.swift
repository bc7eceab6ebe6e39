import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import OpenverseProvider

/// Filters translated into Openverse's query parameters.
@Suite("Openverse filter pushdown")
struct OpenverseFilterTests {
    private func query(_ filters: SearchFilters, licenseType: String? = nil) throws -> [String: String] {
        var values: [String: any Sendable] = ["endpoint": "https://api.example/v1"]
        values["license_type"] = licenseType
        let options: OpenverseFactory.Options = try OptionsFixture.decode(values)
        let url = try OpenverseRequests.url(query: "bridge", page: 1, options: options, filters: filters)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    @Test("each orientation becomes aspect_ratio, which the provider declares applied")
    func orientation() throws {
        #expect(try query(SearchFilters(orientation: .landscape))["aspect_ratio"] == "wide")
        #expect(try query(SearchFilters(orientation: .portrait))["aspect_ratio"] == "tall")
        #expect(try query(SearchFilters(orientation: .square))["aspect_ratio"] == "square")
        #expect(try query(SearchFilters())["aspect_ratio"] == nil)
        #expect(OpenverseFilters.applied == [.orientation])
    }

    @Test("licence ids become version-free codes; groups become license_type, merged with the option")
    func licenses() throws {
        let ids = try query(SearchFilters(licenses: ["CC-BY-SA-4.0", "CC0-1.0", "CC-BY-2.0", "PDM-1.0"]))
        #expect(ids["license"] == "by,by-sa,cc0,pdm")
        let groups = try query(SearchFilters(licenseGroups: [.commercial, .modify]), licenseType: "commercial")
        #expect(groups["license_type"] == "commercial,modification")
        #expect(try query(SearchFilters(licenseGroups: [.noAttribution]))["license"] == "cc0,pdm")
        #expect(try query(SearchFilters(), licenseType: "modification")["license_type"] == "modification")
        // An id Openverse has no code for cannot narrow the search: no licence parameter at all.
        #expect(try query(SearchFilters(licenses: ["CC0-1.0", "unsplash"]))["license"] == nil)
    }

    @Test("dates and sizes are not sent: Openverse cannot apply them exactly")
    func notSent() throws {
        let items = try query(SearchFilters(minWidth: 2000, takenAfter: Date(timeIntervalSince1970: 0)))
        #expect(Set(items.keys) == ["q", "page_size", "page", "mature"])
    }

    @Test("against the fake Openverse, a filtered search sends the parameters on every page it fetches")
    func requestsCarryFilters() async throws {
        let server = try await LoopbackServer.start(script: "Tests/OpenverseProviderTests/openverse_server.py")
        let provider = try OpenverseFactory().makeProvider(
            name: "openverse", options: .init(endpoint: server.url("/v1"), pageSize: 4),
            context: ProviderConformance.makeContext())
        let filters = SearchFilters(licenseGroups: [.commercial], orientation: .portrait)
        let request = SearchRequest(
            .search("bridge"), limit: 6, filters: filters, filtersAfter: filters.removing(provider.appliedFilters))
        _ = try await ProviderConformance.collect(provider, request)
        let response = try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/stats")))
        let calls =
            (try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["calls"] as? [[String: String]]
            ?? []
        #expect(!calls.isEmpty)
        for call in calls {
            #expect(call["aspect_ratio"] == "tall")
            #expect(call["license_type"] == "commercial")
        }
    }
}
