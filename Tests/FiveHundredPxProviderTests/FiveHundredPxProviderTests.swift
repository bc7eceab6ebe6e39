import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import FiveHundredPxProvider

/// The 500px provider against a fake v1 API (Tests/Fixtures/fivehundredpx_server.py).
@Suite("500px provider against a fake 500px", .serialized)
struct FiveHundredPxProviderTests {
    static let validKey = "px-key-5678"
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "fivehundredpx_server.py")
    }

    var endpoint: URL { server.url("/v1") }

    func provider(key: String = validKey, rpp: Int = 100, includeNSFW: Bool = false, thumbnailSize: Int = 3)
        throws -> any PhotoProvider
    {
        var context = ProviderConformance.makeContext()
        context.optionVariables = ["consumer_key": ["FIVEHUNDREDPX_CONSUMER_KEY"]]
        return try FiveHundredPxFactory().makeProvider(
            name: "500px",
            options: .init(
                consumerKey: key, endpoint: endpoint, thumbnailSize: thumbnailSize, rpp: rpp, includeNSFW: includeNSFW),
            context: context)
    }

    func collect(_ request: SearchRequest, key: String = validKey, rpp: Int = 100, includeNSFW: Bool = false)
        async throws -> [Photo]
    {
        try await ProviderConformance.collect(try provider(key: key, rpp: rpp, includeNSFW: includeNSFW), request)
    }

    func calls() async throws -> [[String: String]] {
        try await server.recordedCalls()
    }

    func aborted() async throws -> [String] {
        try await server.abortedPaths()
    }

    @Test("the 500px provider passes the shared conformance suite")
    func conformance() async throws {
        let endpoint = endpoint
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "harbor", available: 17, secret: Self.validKey,
                makeProvider: { name, context in
                    try FiveHundredPxFactory().makeProvider(
                        name: name, options: .init(consumerKey: Self.validKey, endpoint: endpoint, rpp: 5),
                        context: context)
                },
                makeBrokenProvider: { name, context in
                    try FiveHundredPxFactory().makeProvider(
                        name: name, options: .init(consumerKey: "BROKEN", endpoint: endpoint), context: context)
                },
                makeSlowProvider: { name, context in
                    try FiveHundredPxFactory().makeProvider(
                        name: name, options: .init(consumerKey: "SLOW", endpoint: endpoint), context: context)
                },
                slowSourceWasAbandoned: { try await self.aborted().contains("/v1/photos/search") }))
    }

    @Test("search calls /photos/search with term, rpp, sizes, exclusions and page")
    func searchCall() async throws {
        _ = try await collect(SearchRequest(.search("harbor"), limit: 10))
        let call = try #require(try await calls().first)
        #expect(call["path"] == "/v1/photos/search")
        #expect(call["term"] == "harbor")
        #expect(call["rpp"] == "10")
        #expect(call["image_size"] == "3,4")
        #expect(call["tags"] == "1")
        #expect(call["exclude"] == "Nude")
        #expect(call["page"] == "1")
    }

    @Test("popular calls /photos with the feature and sort")
    func popularCall() async throws {
        let photos = try await collect(SearchRequest(.popular, limit: 5))
        #expect(photos.count == 5)
        let call = try #require(try await calls().first)
        #expect(call["path"] == "/v1/photos")
        #expect(call["feature"] == "popular")
        #expect(call["sort"] == "rating")
    }

    @Test("pages are fetched until the limit, each streamed as it arrives")
    func paging() async throws {
        var sizes: [Int] = []
        for try await page in try provider(rpp: 5).pages(for: SearchRequest(.search("harbor"), limit: 12)) {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [5, 5, 2])
        #expect(try await calls().map { $0["page"] } == ["1", "2", "3"])
    }

    @Test("NSFW photos are dropped unless the options allow them; excluded categories never arrive")
    func nsfwAndExclusions() async throws {
        let safe = try await collect(SearchRequest(.search("harbor"), limit: 50), rpp: 5)
        #expect(safe.count == 17)
        #expect(!safe.contains { $0.id == "4910136" })
        #expect(!safe.contains { $0.tags.contains("Nude") })
        let all = try await collect(SearchRequest(.search("harbor"), limit: 50), includeNSFW: true)
        #expect(all.count == 18)
        #expect(all.contains { $0.id == "4910136" })
    }

    @Test("tags are asked for: a result whose title lacks the term carries it in its tags")
    func tagsAskedFor() async throws {
        let photos = try await collect(SearchRequest(.search("lighthouse"), limit: 50))
        #expect(photos.count == 17)  // every tenth of 180, less the NSFW and excluded ones
        for photo in photos {
            #expect(photo.title?.lowercased().contains("lighthouse") == false)
            #expect(photo.tags.contains("lighthouse"))
        }
    }

    @Test("a 500px photo becomes a Photo: https images, page URL, author, rating, views, category")
    func mapping() async throws {
        let photos = try await collect(SearchRequest(.search("harbor"), limit: 50))
        let photo = try #require(photos.first { $0.id == "4910019" })
        #expect(photo.title == "Harbor study 19")
        #expect(photo.description == "A harbor photographed on a long walk.")
        #expect(photo.author == "Ana Lopez8")
        #expect(photo.pageURL == URL(string: "https://500px.com/photo/4910019/harbor-study-19-by-photographer-8"))
        #expect(photo.width == 3019 && photo.height == 2019)
        #expect(photo.popularity == Popularity(views: 1323, rating: 95.5, favorites: 39))
        #expect(photo.tags == ["harbor", "long walk", "Night"])  // its own tags, then its category
        #expect(photo.takenAt == FiveHundredPxPhotoMapping.date("2015-11-29T19:00:13-05:00"))
        #expect(photo.takenAt?.description == "2015-11-29T19:00:13-05:00")
        #expect(photo.takenAt?.instant == Date(timeIntervalSince1970: 1_448_841_613))
        #expect(photo.images.map(\.size) == [.thumbnail, .large])
        #expect(photo.images.allSatisfy { $0.url.scheme == "https" })
        #expect(photo.images[0].width == 280)
        let integerRating = try #require(photos.first { $0.id == "4910028" })
        #expect(integerRating.popularity.rating == 83)
        #expect(photos.first { $0.id == "4910010" }?.description == nil)  // null description
    }

    @Test("the camera 500px names is kept; null or empty is unknown")
    func camera() async throws {
        let photos = try await collect(SearchRequest(.popular, limit: 200))
        #expect(photos.first { $0.id == "4910019" }?.camera == "Canon EOS 5D Mark IV")
        #expect(photos.first { $0.id == "4910010" }?.camera == "X-T3")
        #expect(try #require(photos.first { $0.id == "4910028" }).camera == nil)  // null
        #expect(try #require(photos.first { $0.id == "4910015" }).camera == nil)  // ""
    }

    @Test("null taken_at stays unknown, an empty full name falls back to the username, and a location is kept")
    func nullsAndFallbacks() async throws {
        let photos = try await collect(SearchRequest(.popular, limit: 200))
        let photo = try #require(photos.first { $0.id == "4910006" })
        #expect(photo.takenAt == nil)
        #expect(photo.author == "photographer6")
        #expect(photo.location == GeoLocation(latitude: 45.06, longitude: 7.06))
        #expect(photos.count == 180 - 18 - 10)  // Nude excluded, NSFW dropped
    }

    @Test("one size asked for: image_url comes as a string and is still read")
    func singleSize() async throws {
        let provider = try provider(thumbnailSize: 4)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 3))
        #expect(photos.count == 3)
        #expect(try await calls().first?["image_size"] == "4")
        let wire = try JSONDecoder().decode(
            FiveHundredPxPhoto.self,
            from: Data(
                #"{"id": 7, "name": "x", "image_url": "https://drscdn.500px.org/photo/7/m%3D900/v2", "nsfw": false}"#
                    .utf8))
        let photo = FiveHundredPxPhotoMapping.photo(wire, provider: "500px")
        #expect(photo.images.map(\.url.absoluteString) == ["https://drscdn.500px.org/photo/7/m%3D900/v2"])
        #expect(photo.pageURL == nil && photo.takenAt == nil && photo.author == nil)
    }

    @Test("401 and 403 say which key to check; 404 points at the endpoint; the key is never shown")
    func errors() async throws {
        await #expect(
            throws: ProviderError.rejected(
                "500px rejected the consumer key (Unauthorized); check $FIVEHUNDREDPX_CONSUMER_KEY")
        ) {
            try await collect(SearchRequest(.search("harbor"), limit: 5), key: "expired-key-1")
        }
        await #expect(
            throws: ProviderError.rejected(
                "500px refused access (Forbidden); the consumer key may lack permission, check $FIVEHUNDREDPX_CONSUMER_KEY"
            )
        ) {
            try await collect(SearchRequest(.search("harbor"), limit: 5), key: "FORBIDDEN-KEY")
        }
        let wrongPlace = try FiveHundredPxFactory().makeProvider(
            name: "500px", options: .init(consumerKey: Self.validKey, endpoint: server.url("/v2")),
            context: ProviderConformance.makeContext())
        do {
            _ = try await ProviderConformance.collect(wrongPlace, SearchRequest(.search("harbor"), limit: 5))
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error == .notFound("500px has no such resource (Not Found); check `endpoint` and `feature`"))
            #expect(!error.message.contains(Self.validKey))
        }
    }

    @Test("5xx answers are retried by the HTTP client, then reported as an outage")
    func serverErrors() async throws {
        await #expect(
            throws: ProviderError.unavailable("500px answered HTTP 500 (Internal Server Error); try again later")
        ) {
            try await collect(SearchRequest(.search("harbor"), limit: 5), key: "SERVER-ERROR")
        }
        #expect(try await calls().count == 3)
    }

    @Test("an empty query never calls the API")
    func emptyQuery() async throws {
        #expect(try await collect(SearchRequest(.search(" "), limit: 5)).isEmpty)
        #expect(try await calls().isEmpty)
    }

    @Test(
        "a key with characters URLs encode never shows, though 500px's 401 echoes the request line; 401 is not retried")
    func echoedKeyIsHidden() async throws {
        let secret = "ECHO-SECRET/500+XYZ=="
        do {
            _ = try await collect(SearchRequest(.search("harbor"), limit: 5), key: secret)
            Issue.record("expected an error")
        } catch {
            let message = "\(error)"
            #expect(message.contains("Unauthorized: GET /v1/photos/search"), "\(message)")
            #expect(!Redaction.contains(message, secret: secret), "\(message)")
            #expect(!message.contains("XYZ"), "\(message)")
        }
        #expect(try await calls().count == 1)
    }

    @Test("numbers no Int holds (1e19), fractions and infinities in 500px's JSON never trap")
    func absurdNumbers() throws {
        let page = #"""
            {"current_page":1e19,"total_pages":2.5,"total_items":-1e400,"photos":[
            {"id":7,"rating":1e400,"times_viewed":1e19,"width":2.5,"height":-1e19,"latitude":1e400,"category":1e19,
             "images":[{"size":1e19,"https_url":"https://e.example/a.jpg"},{"size":3}]},{"id":1e19}]}
            """#
        let reader = try provider()
        let provider = try #require(reader as? FiveHundredPxProvider)
        #expect(throws: ProviderError.self) { try provider.read(HTTPResponse(status: 200, body: Data(page.utf8))) }
        let good = page.replacingOccurrences(of: #",{"id":1e19}"#, with: "")
        let list = try provider.read(HTTPResponse(status: 200, body: Data(good.utf8)))
        #expect(list.totalPages == nil && list.totalItems == nil)
        let photo = FiveHundredPxPhotoMapping.photo(try #require(list.photos.elements.first), provider: "500px")
        #expect(photo.popularity.rating == nil && photo.popularity.views == nil && photo.width == nil)
        #expect(photo.location == nil && photo.tags.isEmpty)
        #expect(photo.images.count == 1)  // the image without a URL is dropped; the odd size id reads as large
    }
}
