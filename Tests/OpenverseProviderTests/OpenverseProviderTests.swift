import FlickrProvider
import Foundation
import Logging
import ProviderKit
import ProviderTesting
import SearchViewModel
import Testing

@testable import OpenverseProvider

/// The Openverse provider against a fake Openverse API (openverse_server.py beside this file).
@Suite("Openverse provider against a fake Openverse", .serialized)
struct OpenverseProviderTests {
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "Tests/OpenverseProviderTests/openverse_server.py")
    }

    func provider(_ options: OpenverseFactory.Options? = nil, name: String = "openverse") throws -> any PhotoProvider {
        try OpenverseFactory().makeProvider(
            name: name, options: options ?? .init(endpoint: server.url("/v1")),
            context: ProviderConformance.makeContext())
    }

    func search(_ query: String, limit: Int = 50) async throws -> [Photo] {
        try await ProviderConformance.collect(try provider(), SearchRequest(.search(query), limit: limit))
    }

    func calls() async throws -> [[String: String]] {
        try await server.recordedCalls()
    }

    func aborted() async throws -> [String] {
        try await server.abortedPaths()
    }

    @Test("the Openverse provider passes the shared conformance suite")
    func conformance() async throws {
        let endpoint = server.url("/v1")
        let broken = server.url("/v1-broken")
        let slow = server.url("/v1-slow")
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "bridge", available: 9,  // images 2, 8, …, 56 less mature image 38
                makeProvider: { name, context in
                    try OpenverseFactory().makeProvider(
                        name: name, options: .init(endpoint: endpoint, pageSize: 4), context: context)
                },
                makeBrokenProvider: { name, context in
                    try OpenverseFactory().makeProvider(name: name, options: .init(endpoint: broken), context: context)
                },
                makeSlowProvider: { name, context in
                    try OpenverseFactory().makeProvider(name: name, options: .init(endpoint: slow), context: context)
                },
                slowSourceWasAbandoned: { try await self.aborted().contains("/v1-slow/images/") }))
    }

    @Test("search sends q, page_size, page and mature, and pages until the limit")
    func requestsAndPaging() async throws {
        var sizes: [Int] = []
        let provider = try provider(.init(endpoint: server.url("/v1"), pageSize: 4, source: "flickr"))
        for try await page in provider.pages(for: SearchRequest(.search("harbor"), limit: 7)) {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [4, 3])
        let calls = try await calls()
        #expect(calls.map { $0["page"] } == ["1", "2"])
        #expect(calls.first?["q"] == "harbor" && calls.first?["page_size"] == "4" && calls.first?["mature"] == "false")
        #expect(calls.first?["source"] == "flickr")
    }

    @Test("a result becomes a Photo: landing page, images, creator, tags, licence")
    func mapping() async throws {
        let photos = try await search("harbor")
        let photo = try #require(photos.first { $0.id == "00000000-0000-4000-8000-000000000006" })
        #expect(photo.title == "Harbor at night 6")
        #expect(photo.author == "Flickr user 6")
        #expect(photo.pageURL == URL(string: "https://www.flickr.com/photos/20006@N01/61000000006"))
        #expect(photo.images.map(\.size) == [.thumbnail, .large])
        #expect(photo.width == 1030 && photo.height == 689)
        #expect(photo.tags == ["harbor", "outdoor"])
        #expect(photo.license == LicenseCatalog.license(id: "CC-BY-SA-4.0"))
        #expect(photos.first { $0.id.hasSuffix("000000000018") }?.license?.name == "Public Domain Mark 1.0")
        #expect(photos.allSatisfy { $0.provider == "openverse" })
    }

    @Test("mature results are left out by default")
    func mature() async throws {
        let photos = try await search("harbor")  // images 0, 6, 12, …; image 12 is marked mature
        #expect(photos.count == 9)
        #expect(!photos.contains { $0.id.hasSuffix("000000000012") })
        #expect(try await calls().last?["mature"] == "false")
    }

    @Test("a Flickr photo reached through Openverse and through the Flickr provider is listed once")
    func deduplicatesWithFlickr() async throws {
        let flickrServer = try await LoopbackServer.start(script: "flickr_server.py")
        let flickr = try FlickrFactory().makeProvider(
            name: "flickr",
            options: try OptionsFixture.decode([
                "api_key": "test-key-1234", "endpoint": flickrServer.url("/services/rest/").absoluteString,
            ]),
            context: ProviderConformance.makeContext())
        let fromFlickr = try await ProviderConformance.collect(flickr, SearchRequest(.search("harbor"), limit: 100))
        let fromOpenverse = try await search("harbor")
        #expect(fromFlickr.contains { $0.id == "53000000104" })
        #expect(fromOpenverse.contains { $0.id == "00000000-0000-4000-8000-000000000000" })

        var merger = ResultMerger(providers: [("flickr", 1.0), ("openverse", 1.0)])
        merger.add(fromFlickr, from: "flickr")
        merger.add(fromOpenverse, from: "openverse")
        #expect(merger.count == fromFlickr.count + fromOpenverse.count - 1)
        let merged = merger.ranked(limit: 500).filter {
            $0.photo.pageURL?.absoluteString.contains("10104@N00/53000000104") == true
        }
        #expect(merged.count == 1)
    }

    @Test("throttling, refusals and bad bodies become clear errors")
    func errors() async throws {
        await #expect(
            throws: ProviderError.unavailable(
                "Openverse is limiting anonymous requests (Request was throttled. Expected available in 86400 seconds.); try again later"
            )
        ) {
            try await search("throttle")
        }
        do {
            _ = try await search("broken")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Openverse sent a response that is not the JSON it documents"))
        }
        let response = HTTPResponse(
            status: 401, body: Data(#"{"detail": "Authentication credentials were not provided."}"#.utf8))
        let reader = OpenverseProvider(name: "o", options: .init(), context: ProviderConformance.makeContext())
        #expect(
            throws: ProviderError.rejected(
                "Openverse refused the search (HTTP 401: Authentication credentials were not provided.)")
        ) {
            try reader.read(response)
        }
        let fieldError = HTTPResponse(status: 400, body: Data(#"{"detail": {"q": ["This field is required."]}}"#.utf8))
        #expect(throws: ProviderError.rejected("Openverse refused the search (HTTP 400: q: This field is required.)")) {
            try reader.read(fieldError)
        }
    }

    @Test("impossible sizes are unknown and photos without an id are dropped, each noted for --verbose")
    func impossibleValues() async throws {
        let logs = CapturingLogHandler.Store()
        var context = ProviderConformance.makeContext(logs: logs)
        context.logger.logLevel = .debug
        let provider = try OpenverseFactory().makeProvider(
            name: "openverse", options: .init(endpoint: server.url("/v1")), context: context)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("impossible"), limit: 10))
        #expect(photos.map(\.id) == ["good"])
        #expect(photos.first?.width == nil && photos.first?.height == nil)
        #expect(photos.first?.images.allSatisfy { $0.width == nil && $0.height == nil } == true)
        #expect(logs.all.filter { $0.contains("openverse: a photo without an id was dropped") }.count == 2)
        #expect(logs.all.contains { $0.contains("width -9223372036854775808 is impossible; taken as unknown") })
        #expect(logs.all.contains { $0.contains("height 0 is impossible; taken as unknown") })
    }

    @Test("there is no popular feed, and an empty query sends nothing")
    func noPopularNoEmptyQuery() async throws {
        #expect(try provider().supportsPopular == false)
        #expect(try await search("  ").isEmpty)
        #expect(try await calls().isEmpty)
    }

    @Test("numbers no Int holds (1e19), fractions and odd tags in Openverse's JSON never trap or sink the page")
    func absurdNumbers() throws {
        let page = #"""
            {"result_count":1e19,"page_count":1e400,"page":2.5,"results":[
            {"id":"a","width":1e19,"height":-5,"tags":[{"name":null}],"mature":1e19},{"id":"b","width":640}]}
            """#
        let reader = OpenverseProvider(name: "o", options: .init(), context: ProviderConformance.makeContext())
        let list = try reader.read(HTTPResponse(status: 200, body: Data(page.utf8)), maxResults: 1)
        #expect(list.resultCount == nil && list.pageCount == nil && list.page == nil)
        #expect(list.results.elements.map(\.id) == ["a"])  // only as many as asked for are decoded
        let mapped = OpenversePhotoMapping.photo(try #require(list.results.elements.first), provider: "o")
        let photo = try #require(mapped.withoutImpossibleValues().photo)  // as every page is checked
        #expect(photo.width == nil && photo.height == nil && photo.tags.isEmpty)
    }
}
