import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import PexelsProvider

/// The Pexels provider against a fake Pexels API (pexels_server.py beside this file).
@Suite("Pexels provider against a fake Pexels", .serialized)
struct PexelsProviderTests {
    /// The key the fake accepts; `/`, `+` and `=` change under percent-, form- and JSON-encoding.
    static let key = "563492ad6f91700001000001/pX+k=7"
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "Tests/PexelsProviderTests/pexels_server.py")
    }

    /// A context that says the key comes from `$PEXELS_API_KEY`, logging into `logs`.
    static func context(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        var context = ProviderConformance.makeContext(logs: logs)
        context.optionVariables = ["api_key": ["PEXELS_API_KEY"]]
        return context
    }

    func provider(
        _ options: PexelsFactory.Options? = nil, name: String = "pexels", logs: CapturingLogHandler.Store = .init()
    ) throws -> any PhotoProvider {
        try PexelsFactory().makeProvider(
            name: name, options: options ?? .init(apiKey: Self.key, endpoint: server.url("/")),
            context: Self.context(logs: logs))
    }

    func search(_ query: String, limit: Int = 50) async throws -> [Photo] {
        try await ProviderConformance.collect(try provider(), SearchRequest(.search(query), limit: limit))
    }

    func calls() async throws -> [[String: String]] {
        try await server.recordedCalls()
    }

    @Test("the Pexels provider passes the shared conformance suite")
    func conformance() async throws {
        let endpoint = server.url("/")
        let broken = server.url("/v1-broken")
        let slow = server.url("/v1-slow")
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "bridge", available: 10, secret: Self.key,  // photos 2, 8, …, 56
                makeProvider: { name, context in
                    try PexelsFactory().makeProvider(
                        name: name, options: .init(apiKey: Self.key, endpoint: endpoint, perPage: 4), context: context)
                },
                makeBrokenProvider: { name, context in
                    try PexelsFactory().makeProvider(
                        name: name, options: .init(apiKey: Self.key, endpoint: broken), context: context)
                },
                makeSlowProvider: { name, context in
                    try PexelsFactory().makeProvider(
                        name: name, options: .init(apiKey: Self.key, endpoint: slow), context: context)
                },
                slowSourceWasAbandoned: {
                    try await server.abortedPaths().contains("/v1-slow/v1/search")
                }))
    }

    @Test("search sends query, page and per_page to /v1/search, the bare key in Authorization, and pages to the limit")
    func requestsAndPaging() async throws {
        var sizes: [Int] = []
        let provider = try provider(.init(apiKey: Self.key, endpoint: server.url("/"), perPage: 4))
        for try await page in provider.pages(for: SearchRequest(.search(" harbor "), limit: 7)) {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [4, 3])
        let calls = try await calls()
        #expect(calls.map { $0["page"] } == ["1", "2"])
        #expect(calls.allSatisfy { $0["path"] == "/v1/search" && $0["query"] == "harbor" && $0["per_page"] == "4" })
        #expect(calls.allSatisfy { $0["authorization"] == Self.key })
        #expect(calls.allSatisfy { $0["user-agent"]?.isEmpty == false })
        #expect(calls.allSatisfy { !Redaction.contains($0["raw"] ?? "", secret: Self.key) })
    }

    @Test("per_page is the limit when fewer are wanted, and at most 80")
    func pageSize() async throws {
        _ = try await search("harbor", limit: 3)
        _ = try await ProviderConformance.collect(
            try provider(), SearchRequest(.popular, limit: 100))
        let calls = try await calls()
        #expect(calls.first?["per_page"] == "3")
        #expect(calls.dropFirst().map { $0["per_page"] } == ["80"])  // 30 curated photos: one page
        for wrong in [0, 81] {
            #expect(throws: DecodingError.self) { try decodeOptions(["per_page": wrong]) }
        }
        let defaults = try decodeOptions([:])
        #expect(defaults.perPage == 80 && defaults.apiKey.isEmpty && defaults.endpoint == PexelsFactory.defaultEndpoint)
    }

    @Test("paging stops at the last page (no next_page), and a page past it has no photos")
    func lastPage() async throws {
        // "harbor" matches 10 photos: pages of 4, 4 and 2, the third without next_page.
        let provider = try provider(.init(apiKey: Self.key, endpoint: server.url("/"), perPage: 4))
        var sizes: [Int] = []
        var totals: [Int?] = []
        for try await page in provider.pages(for: SearchRequest(.search("harbor"), limit: 100)) {
            sizes.append(page.photos.count)
            totals.append(page.totalAvailable)
        }
        #expect(sizes == [4, 4, 2])
        #expect(totals == [10, 10, 10])
        #expect(try await calls().map { $0["page"] } == ["1", "2", "3"])

        // "forest" matches 10: with 5 a page the second is full and the last, and nothing past it is asked for.
        let five = try self.provider(.init(apiKey: Self.key, endpoint: server.url("/"), perPage: 5))
        #expect(try await ProviderConformance.collect(five, SearchRequest(.search("forest"), limit: 100)).count == 10)
        #expect(try await calls().suffix(2).map { $0["page"] } == ["1", "2"])

        // Past the last page: Pexels answers 200 with no photos, a prev_page and no next_page.
        var past = HTTPRequest(url: server.url("/v1/search?query=harbor&page=9&per_page=4"))
        past.headers.append(.init("Authorization", Self.key))
        let response = try await CurlHTTPClient(userAgent: "test").send(past)
        let reader = PexelsProvider(name: "p", options: .init(apiKey: Self.key), context: Self.context())
        let list = try reader.read(response)
        #expect(list.photos.elements.isEmpty && list.nextPage == nil && list.totalResults == 10)
    }

    @Test("a photo becomes a Photo: alt, photographer and page, every src size with pixels, licence")
    func mapping() async throws {
        let photos = try await search("harbor")
        #expect(photos.count == 10)
        let photo = try #require(photos.first { $0.id == "2014000" })
        #expect(photo.title == "Harbor at dusk 0")
        #expect(photo.author == "Photographer 0")
        #expect(photo.attribution == "Photo by Photographer 0 on Pexels")
        #expect(photo.authorURL == URL(string: "https://www.pexels.com/@photographer-0"))
        #expect(photo.pageURL == URL(string: "https://www.pexels.com/photo/harbor-at-dusk-2014000/"))
        #expect(photo.width == 4000 && photo.height == 6000)
        #expect(photo.license == LicenseCatalog.pexels)
        #expect(photo.takenAt == nil && photo.tags.isEmpty && photo.description == nil)
        #expect(photo.popularity == Popularity())
        #expect(photo.images.map(\.size) == [.thumbnail, .small, .medium, .medium, .large, .large, .large, .original])
        let pixels = photo.images.map { "\($0.width ?? 0)x\($0.height ?? 0)" }
        // tiny 280×200 crop; small h=130; medium h=350; portrait 800×1200 crop; large inside
        // 940×650; landscape 1200×627 crop; large2x inside 1880×1300; original.
        #expect(
            pixels == ["280x200", "87x130", "233x350", "800x1200", "433x650", "1200x627", "867x1300", "4000x6000"])
        #expect(
            photo.thumbnail?.url
                == URL(
                    string:
                        "https://images.pexels.com/photos/2014000/pexels-photo-2014000.jpeg?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280"
                ))
        #expect(
            photo.largestImage?.url == URL(string: "https://images.pexels.com/photos/2014000/pexels-photo-2014000.jpeg")
        )
        #expect(photos.allSatisfy { $0.provider == "pexels" })
    }

    @Test("alt empty, null or missing leaves no title; avg_color null or missing changes nothing")
    func missingFields() async throws {
        let photos = try await search("dusk", limit: 60)
        #expect(photos.count == 60)
        for (index, photo) in photos.enumerated() {
            let expectsTitle = ![3, 5, 6].contains(index % 7)
            #expect((photo.title != nil) == expectsTitle, "photo \(index)")
            #expect(photo.images.count == 8 && photo.author != nil)
        }
    }

    @Test("popular reads /v1/curated with page and per_page, and no query")
    func popular() async throws {
        let photos = try await ProviderConformance.collect(
            try provider(.init(apiKey: Self.key, endpoint: server.url("/"), perPage: 20)),
            SearchRequest(.popular, limit: 25))
        #expect(try provider().supportsPopular)
        #expect(photos.count == 25)
        #expect(photos.first?.id == "2014000" && photos.dropFirst().first?.id == "2014002")
        let calls = try await calls()
        #expect(calls.map { $0["path"] } == ["/v1/curated", "/v1/curated"])
        #expect(calls.map { $0["page"] } == ["1", "2"] && calls.allSatisfy { $0["query"] == nil })
    }

    @Test("an empty query sends nothing")
    func emptyQuery() async throws {
        #expect(try await search("  ").isEmpty)
        #expect(try await calls().isEmpty)
    }

    @Test("an empty api_key skips the instance with a note naming the option")
    func missingKey() throws {
        #expect(throws: ProviderUnavailable.missingOption("api_key")) {
            try PexelsFactory().makeProvider(name: "pexels", options: .init(apiKey: "  "), context: Self.context())
        }
    }

    @Test("a rejected key names the variable to set")
    func rejectedKey() async throws {
        let wrong = try provider(.init(apiKey: "not-the-key-0000", endpoint: server.url("/")))
        await #expect(
            throws: ProviderError.rejected(
                "Pexels rejected the API key (HTTP 401: Unauthorized); check $PEXELS_API_KEY (free keys at https://www.pexels.com/api/)"
            )
        ) {
            try await ProviderConformance.collect(wrong, SearchRequest(.search("harbor"), limit: 5))
        }
        #expect(try await calls().first?["authorization"] == "not-the-key-0000")
    }

    @Test("a 429 says when to try again from the reset time of earlier answers, or that it is unknown")
    func rateLimit() async throws {
        let fresh = try provider()
        await #expect(
            throws: ProviderError.unavailable(
                "Pexels says this API key is over its request quota (HTTP 429: Too Many Requests); wait a while and "
                    + "try again (a key allows 200 requests an hour and 20,000 a month)")
        ) {
            try await ProviderConformance.collect(fresh, SearchRequest(.search("throttle"), limit: 5))
        }

        // The same instance, after an answer that said no requests remain until the reset.
        _ = try await ProviderConformance.collect(fresh, SearchRequest(.search("lastcall"), limit: 5))
        await #expect(
            throws: ProviderError.unavailable(
                "Pexels says this API key is over its request quota (HTTP 429: Too Many Requests); its monthly quota "
                    + "is spent, try again after 2030-01-01T00:00:00Z")
        ) {
            try await ProviderConformance.collect(fresh, SearchRequest(.search("throttle"), limit: 5))
        }

        // Requests left this month, so the hourly limit was hit.
        let other = try provider()
        _ = try await ProviderConformance.collect(other, SearchRequest(.search("harbor"), limit: 5))
        do {
            _ = try await ProviderConformance.collect(other, SearchRequest(.search("throttle"), limit: 5))
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.isTransient)
            #expect(error.message.contains("hourly limit (200 requests an hour)"))
        }
    }

    @Test("outages, bad endpoints, refusals and bad bodies become clear errors")
    func errors() async throws {
        await #expect(
            throws: ProviderError.unavailable("Pexels answered HTTP 503: Service Unavailable; try again later")
        ) {
            try await search("outage")
        }
        let elsewhere = try provider(.init(apiKey: Self.key, endpoint: server.url("/api")))
        await #expect(
            throws: ProviderError.notFound("Pexels has no such resource (HTTP 404: Not Found); check `endpoint`")
        ) {
            try await ProviderConformance.collect(elsewhere, SearchRequest(.search("harbor"), limit: 5))
        }
        do {
            _ = try await search("broken")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Pexels sent a response that is not the JSON it documents"))
        }
        let reader = PexelsProvider(name: "p", options: .init(apiKey: Self.key), context: Self.context())
        let html = HTTPResponse(status: 502, body: Data("<html><body>502 Bad Gateway</body></html>".utf8))
        #expect(
            reader.error(for: html)
                == .unavailable(
                    "Pexels answered HTTP 502: <html><body>502 Bad Gateway</body></html>; try again later"))
        #expect(
            reader.error(for: HTTPResponse(status: 400, body: Data(#"{"status":400,"code":"Bad Request"}"#.utf8)))
                == .rejected("Pexels refused the search (HTTP 400: Bad Request)"))
    }

    @Test("the key never appears in URLs, logs, errors or results, even when the server echoes it")
    func keyNeverShown() async throws {
        let logs = CapturingLogHandler.Store()
        var texts: [String] = []
        for query in ["harbor", "echo", "throttle", "broken"] {
            do {
                let photos = try await ProviderConformance.collect(
                    try provider(logs: logs), SearchRequest(.search(query), limit: 5))
                texts += photos.map { "\($0)" }
            } catch {
                texts += [String(describing: error), error.localizedDescription]
            }
        }
        #expect(texts.contains { $0.contains("Pexels refused the search (HTTP 400: Bad key *** (***))") })
        #expect(!logs.all.isEmpty)
        for text in texts + logs.all {
            #expect(!Redaction.contains(text, secret: Self.key), "\(Redaction.redact(text, secrets: [Self.key]))")
        }
        let calls = try await calls()
        #expect(calls.count >= 4)
        #expect(calls.allSatisfy { !Redaction.contains($0["raw"] ?? "", secret: Self.key) })
    }

    @Test("sizes in image URLs: crops, heights, boxes and dpr; nonsense gives no size, never a trap")
    func imageSizes() throws {
        func pixels(_ query: String, _ width: Int? = 3000, _ height: Int? = 2000) -> String? {
            PexelsImageSize.pixels(
                of: URL(string: "https://images.pexels.com/p.jpeg?" + query)!, originalWidth: width,
                originalHeight: height
            ).map { "\($0.width)x\($0.height)" }
        }
        #expect(pixels("fit=crop&h=200&w=280&dpr=1") == "280x200")
        #expect(pixels("fit=crop&h=200&w=280", nil, nil) == "280x200")
        #expect(pixels("h=350") == "525x350")
        #expect(pixels("h=650&w=940") == "940x627")
        #expect(pixels("dpr=2&h=650&w=940") == "1880x1253")
        #expect(pixels("h=350", nil, nil) == nil)
        #expect(pixels("h=1e19") == "3000x2000")  // not a number: the original's size
        #expect(pixels("h=99999999999999999999") == "3000x2000")
        #expect(pixels("h=-5&w=0") == "3000x2000")
        #expect(pixels("h=100000&w=1", 1, 100_000) == "1x100000")
        #expect(pixels("h=350", 1, 100_000) == nil)  // under one pixel wide: no size
    }

    @Test("quota headers: numbers only, a reset between 2001 and 9999, and only a reset still ahead is a time to retry")
    func quotaHeaders() {
        let quota = PexelsQuota()
        quota.record(headers: ["x-ratelimit-remaining": "1e19", "x-ratelimit-reset": "soon"])
        #expect(quota.reading == PexelsQuota.Reading())
        quota.record(headers: ["x-ratelimit-remaining": "-3", "x-ratelimit-reset": "99999999999999999999"])
        #expect(quota.reading == PexelsQuota.Reading())
        quota.record(headers: ["x-ratelimit-remaining": " 12 ", "x-ratelimit-reset": "1893456000"])
        #expect(quota.reading == .init(remaining: 12, reset: Date(timeIntervalSince1970: 1_893_456_000)))
        #expect(quota.retryTime(now: Date(timeIntervalSince1970: 1_800_000_000)) == "after 2030-01-01T00:00:00Z")
        #expect(quota.retryTime(now: Date(timeIntervalSince1970: 1_900_000_000)) == nil)
        quota.record(headers: ["x-ratelimit-remaining": "0"])  // a reading without a reset keeps the last one
        #expect(quota.reading == .init(remaining: 0, reset: Date(timeIntervalSince1970: 1_893_456_000)))
    }

    @Test("numbers no Int holds, wrong types and odd ids in Pexels' JSON never trap or sink the page")
    func absurdNumbers() throws {
        let page = #"""
            {"page":2.5,"per_page":1e19,"total_results":-1e400,"next_page":7,"photos":[
            {"id":"a1","width":1e19,"height":-5,"alt":7,"avg_color":[],"src":{"tiny":"javascript:alert(1)","original":5},
             "photographer":null,"url":"ftp://x"},{"id":2}]}
            """#
        let reader = PexelsProvider(name: "p", options: .init(apiKey: Self.key), context: Self.context())
        let list = try reader.read(HTTPResponse(status: 200, body: Data(page.utf8)), maxPhotos: 1)
        #expect(list.page == nil && list.perPage == nil && list.nextPage == nil)
        #expect(list.photos.elements.map(\.id) == ["a1"])
        let photo = PexelsPhotoMapping.photo(try #require(list.photos.elements.first), provider: "p")
        #expect(photo.width == nil && photo.height == nil && photo.title == nil && photo.author == nil)
        #expect(photo.images.isEmpty && photo.pageURL == nil)
    }
}

/// Pexels options decoded from a dictionary, as the configuration loader decodes them from YAML.
func decodeOptions(_ values: [String: any Sendable]) throws -> PexelsFactory.Options {
    try OptionsFixture.decode(values)
}
