import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import UnsplashProvider

/// The Unsplash provider against a fake Unsplash API (unsplash_server.py beside this file).
@Suite("Unsplash provider against a fake Unsplash", .serialized)
struct UnsplashProviderTests {
    static let key = "test-access-key-7f3a9c"

    /// Options with `key` and `endpoint`, as a configuration would give them.
    static func options(key: String = key, endpoint: URL) throws -> UnsplashFactory.Options {
        try OptionsFixture.decode(["access_key": key, "endpoint": endpoint.absoluteString])
    }
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "Tests/UnsplashProviderTests/unsplash_server.py")
    }

    /// A context that says the key came from `$UNSPLASH_ACCESS_KEY`, as the bundled configuration does.
    func context(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        var context = ProviderConformance.makeContext(logs: logs)
        context.optionVariables = ["access_key": ["UNSPLASH_ACCESS_KEY"]]
        return context
    }

    func provider(
        key: String = Self.key, path: String = "", perPage: Int = 30, orientation: String? = nil,
        logs: CapturingLogHandler.Store = .init()
    ) throws -> any PhotoProvider {
        var values: [String: any Sendable] = [
            "access_key": key, "endpoint": server.url(path).absoluteString, "per_page": perPage,
        ]
        values["orientation"] = orientation
        return try UnsplashFactory().makeProvider(
            name: "unsplash", options: try OptionsFixture.decode(values), context: context(logs: logs))
    }

    func search(_ query: String, limit: Int = 100, key: String = Self.key, perPage: Int = 30) async throws -> [Photo] {
        try await ProviderConformance.collect(
            try provider(key: key, perPage: perPage), SearchRequest(.search(query), limit: limit))
    }

    func stats() async throws -> [String: Any] {
        let response = try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/stats")))
        return try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    }

    /// The calls the fake received: path, query parameters and the headers that matter.
    func calls() async throws -> [(path: String, query: [String: String], authorization: String?, version: String?)] {
        let calls = try await stats()["calls"] as? [[String: Any]] ?? []
        return calls.map {
            (
                $0["path"] as? String ?? "", $0["query"] as? [String: String] ?? [:], $0["authorization"] as? String,
                $0["accept_version"] as? String
            )
        }
    }

    @Test("a download is reported to the API's own address with the key; an address elsewhere is never called")
    func downloadReportStaysWithTheAPI() async throws {
        let provider = try provider()
        var photo = Photo(provider: "unsplash", id: "abc")
        photo.downloadTrackingURL = server.url("/photos/abc/download?ixid=M3w1")
        try await provider.reportDownload(of: photo)
        // The same server by another name, as a hostile answer could give it: refused before any request.
        let port = try #require(server.baseURL.port)
        photo.downloadTrackingURL = URL(string: "http://localhost:\(port)/photos/evil/download")
        await #expect(throws: ProviderError.self) { try await provider.reportDownload(of: photo) }
        let reports = try await calls().filter { $0.path.hasSuffix("/download") }
        #expect(reports.map(\.path) == ["/photos/abc/download"])
        #expect(reports.first?.authorization == "Client-ID \(Self.key)")
        #expect(reports.first?.query["ixid"] == "M3w1")
    }

    @Test("the Unsplash provider passes the shared conformance suite, key included")
    func conformance() async throws {
        let endpoint = server.url("")
        let broken = server.url("/broken")
        let slow = server.url("/slow")
        let server = server
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "harbor", available: 15, secret: Self.key,
                makeProvider: { name, context in
                    try UnsplashFactory().makeProvider(
                        name: name,
                        options: try OptionsFixture.decode([
                            "access_key": Self.key, "endpoint": endpoint.absoluteString, "per_page": 4,
                        ]),
                        context: context)
                },
                makeBrokenProvider: { name, context in
                    try UnsplashFactory().makeProvider(
                        name: name, options: try Self.options(endpoint: broken), context: context)
                },
                makeSlowProvider: { name, context in
                    try UnsplashFactory().makeProvider(
                        name: name, options: try Self.options(endpoint: slow), context: context)
                },
                slowSourceWasAbandoned: {
                    let response = try await CurlHTTPClient(userAgent: "test").send(
                        HTTPRequest(url: server.url("/stats")))
                    let stats = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                    return (stats?["aborted"] as? [String] ?? []).contains("/slow/search/photos")
                }))
    }

    @Test("a search sends query, page, per_page and filters, and the key only as `Authorization: Client-ID`")
    func requestsAndPaging() async throws {
        var sizes: [Int] = []
        let provider = try provider(perPage: 4, orientation: "landscape")
        for try await page in provider.pages(for: SearchRequest(.search("harbor"), limit: 7)) {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [4, 3])
        let calls = try await calls()
        #expect(calls.map(\.path) == ["/search/photos", "/search/photos"])
        #expect(calls.map { $0.query["page"] } == ["1", "2"])
        let first = try #require(calls.first)
        #expect(first.query["query"] == "harbor" && first.query["per_page"] == "4")
        #expect(first.query["content_filter"] == "low" && first.query["orientation"] == "landscape")
        #expect(first.query["client_id"] == nil)
        #expect(calls.allSatisfy { $0.authorization == "Client-ID \(Self.key)" && $0.version == "v1" })
        #expect(try await stats()["key_in_url"] as? Bool == false)
    }

    @Test("paging stops at the last page Unsplash reports, without asking past it")
    func pagingToTheLastPage() async throws {
        let photos = try await search("outdoor", limit: 500)  // 68 photos tagged "outdoor": pages of 30, 30, 8
        #expect(photos.count == 68)
        #expect(Set(photos.map(\.id)).count == 68)
        #expect(try await calls().map { $0.query["page"] } == ["1", "2", "3"])
    }

    @Test("an empty page past the real end stops paging though `total_pages` claims more")
    func pagingPastTheEnd() async throws {
        let photos = try await search("drift", limit: 500)  // claims 100 (4 pages), serves 40
        #expect(photos.count == 40)
        #expect(try await calls().map { $0.query["page"] } == ["1", "2", "3"])
    }

    @Test("a photo maps caption, alt text, photographer, page, hotlinked images, tags, likes and licence")
    func mapping() async throws {
        let photos = try await search("harbor")
        let photo = try #require(photos.first { $0.id == "uNs0000x-Pq" })
        #expect(photo.provider == "unsplash")
        #expect(photo.title == "A harbor at dawn, frame 0 — “quiet” & still")
        #expect(photo.description == "harbor under a grey sky 0")
        #expect(photo.author == "Photographer 0")
        #expect(photo.attribution == "Photo by Photographer 0 on Unsplash")
        #expect(photo.authorURL == URL(string: "https://unsplash.com/@shooter0"))
        #expect(photo.pageURL == URL(string: "https://unsplash.com/photos/harbor-at-dawn-uNs0000x-Pq"))
        #expect(photo.width == 4000 && photo.height == 2667)
        #expect(photo.images.map(\.size) == [.thumbnail, .small, .large, .original])
        #expect(photo.images.map(\.width) == [200, 400, 1080, 4000])
        #expect(photo.images.map(\.height) == [133, 267, 720, 2667])
        // Hotlinked exactly as sent: every query parameter (ixid, w, …) kept, `\u0026` read as `&`.
        let thumb = try #require(photo.images.first?.url.absoluteString)
        #expect(thumb.hasPrefix("https://images.unsplash.com/photo-1500000000-a1b2c3d4e5f6?crop=entropy&cs=tinysrgb"))
        #expect(thumb.contains("&ixid=M3w1MDk4NTd8") && thumb.hasSuffix("&q=80&w=200"))
        #expect(photo.largestImage?.url.absoluteString.hasSuffix("&q=85") == true)  // `full`, not `raw`
        #expect(photo.tags == ["harbor", "outdoor"])
        #expect(photo.license == LicenseCatalog.unsplash)
        #expect(photo.popularity == Popularity(favorites: 0))
        #expect(photo.takenAt == nil)  // created_at and promoted_at are not when it was taken
        #expect(
            photo.downloadTrackingURL?.absoluteString
                == "https://api.unsplash.com/photos/uNs0000x-Pq/download?ixid="
                + "M3w1MDk4NTd8MHwxfHNlYXJjaHw0fHxharborfGVufDB8fHx8MTcwMDAwMDAwMHww")
        #expect(photos.first { $0.id == "uNs0005x-Pq" }?.popularity.favorites == 185)
    }

    @Test("null captions, alt text and names, and missing or superseded tags are read as Unsplash sends them")
    func nullsAndMissingFields() async throws {
        let harbor = try await search("harbor")
        let noCaption = try #require(harbor.first { $0.id == "uNs0005x-Pq" })  // description null
        #expect(noCaption.title == "harbor under a grey sky 5" && noCaption.description == nil)
        let neither = try #require(harbor.first { $0.id == "uNs0045x-Pq" })  // description and alt_description null
        #expect(neither.title == nil && neither.description == nil)
        let river = try await search("river")
        let noName = try #require(river.first { $0.id == "uNs0009x-Pq" })  // user.name null, no tags at all
        #expect(noName.author == "shooter0" && noName.tags.isEmpty)
        let preview = try #require(river.first { $0.id == "uNs0004x-Pq" })  // only tags_preview
        #expect(preview.tags == ["river", "outdoor"])
    }

    @Test("popular reads the Editorial feed: a bare array, newest first, paged by X-Total, no order_by")
    func popularFeed() async throws {
        let provider = try provider()
        #expect(provider.supportsPopular)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 500))
        #expect(photos.count == 75)
        #expect(photos.first?.id == "uNs0023x-Pq")  // created 2023-12-24, the newest
        #expect(photos.allSatisfy { $0.tags.isEmpty && $0.license?.name == "Unsplash License" })
        let calls = try await calls()
        #expect(calls.map(\.path) == ["/photos", "/photos", "/photos"])
        #expect(calls.map { $0.query["page"] } == ["1", "2", "3"])
        #expect(calls.allSatisfy { $0.query["order_by"] == nil && $0.query["query"] == nil })
        #expect(calls.allSatisfy { $0.authorization == "Client-ID \(Self.key)" })
    }

    @Test("a rejected key names the variable to set and quotes Unsplash, without the key")
    func rejectedKey() async throws {
        let wrongKey = "wrong-key-5d1e0c"
        do {
            _ = try await search("harbor", key: wrongKey)
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(
                error
                    == .rejected(
                        "Unsplash rejected the access key (OAuth error: The access token is invalid); "
                            + "check $UNSPLASH_ACCESS_KEY"))
            #expect(!error.message.contains(wrongKey))
        }
    }

    @Test("a used-up hourly quota (403 `Rate Limit Exceeded`) says to try again within the hour")
    func rateLimit() async throws {
        let provider = try provider(key: "tiny-quota-key-0001")
        for _ in 0..<2 {
            #expect(
                try await ProviderConformance.collect(provider, SearchRequest(.search("city"), limit: 3)).count == 3)
        }
        await #expect(
            throws: ProviderError.unavailable(
                "Unsplash's hourly limit of 2 requests for this access key is used up (Rate Limit Exceeded); "
                    + "Unsplash counts requests per hour, so try again within the hour")
        ) {
            try await ProviderConformance.collect(provider, SearchRequest(.search("city"), limit: 3))
        }
        #expect(try await calls().count == 3)  // a 403 is final: not retried
    }

    @Test("server errors, unknown endpoints and bad bodies become clear errors")
    func otherErrors() async throws {
        await #expect(
            throws: ProviderError.unavailable(
                "Unsplash answered HTTP 500 (Something went wrong on our end); try again later")
        ) {
            try await search("servererror")
        }
        do {
            _ = try await search("broken")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Unsplash sent a response that is not the JSON it documents"))
        }
        await #expect(
            throws: ProviderError.notFound(
                "Unsplash answered HTTP 404 (Not Found); is `endpoint` the API base (https://api.unsplash.com)?")
        ) {
            try await ProviderConformance.collect(try provider(path: "/v2"), SearchRequest(.search("city"), limit: 3))
        }
        let reader = UnsplashResponseReader(keySource: "$UNSPLASH_ACCESS_KEY", logger: context().logger)
        let missing = HTTPResponse(status: 400, body: Data(#"{"errors":["query is missing"]}"#.utf8))
        #expect(throws: ProviderError.rejected("Unsplash refused the request (HTTP 400: query is missing)")) {
            try reader.check(missing)
        }
        let tooMany = HTTPResponse(status: 429, headers: ["x-ratelimit-limit": "50"], body: Data("Too Many".utf8))
        let spent = HTTPResponse(
            status: 403, headers: ["x-ratelimit-remaining": "0"], body: Data(#"{"errors":["Slow down"]}"#.utf8))
        for (response, detail, quota) in [(tooMany, "Too Many", " of 50 requests"), (spent, "Slow down", "")] {
            #expect(
                throws: ProviderError.unavailable(
                    "Unsplash's hourly limit\(quota) for this access key is used up (\(detail)); "
                        + "Unsplash counts requests per hour, so try again within the hour")
            ) {
                try reader.check(response)
            }
        }
        let forbidden = HTTPResponse(status: 403, body: Data(#"{"errors":["Forbidden"]}"#.utf8))
        #expect(
            throws: ProviderError.rejected(
                "Unsplash refused the request (HTTP 403: Forbidden); check that $UNSPLASH_ACCESS_KEY is the access key "
                    + "of an active Unsplash application")
        ) {
            try reader.check(forbidden)
        }
    }

    @Test("the key never appears in a URL, log line, error or result, in any encoding; --verbose logs the quota")
    func keyNeverLeaks() async throws {
        let logs = CapturingLogHandler.Store()
        var texts: [String] = []
        let working = try provider(logs: logs)
        let photos = try await ProviderConformance.collect(working, SearchRequest(.search("harbor"), limit: 40))
        texts += photos.map { "\($0)" }
        texts += try await ProviderConformance.collect(working, SearchRequest(.popular, limit: 5)).map { "\($0)" }
        for (key, path, query) in [
            (Self.key, "", "broken"), (Self.key, "/v2", "harbor"), (Self.key, "", "servererror"),
            ("tiny-quota-key-0001", "", "harbor"), ("tiny-quota-key-0001", "", "harbor"),
            ("tiny-quota-key-0001", "", "harbor"),
        ] {
            do {
                texts += try await ProviderConformance.collect(
                    try provider(key: key, path: path, logs: logs), SearchRequest(.search(query), limit: 3)
                ).map { "\($0)" }
            } catch {
                texts += [String(describing: error), error.localizedDescription]
            }
        }
        for secret in [Self.key, "tiny-quota-key-0001"] {
            let leak = (texts + logs.all).first { Redaction.contains($0, secret: secret) }
            #expect(leak == nil, "key leaked: \(leak.map { Redaction.redact($0, secrets: [secret]) } ?? "")")
        }
        #expect(logs.all.contains { $0.contains("Unsplash: 49 of 50 requests left this hour") })
        #expect(logs.all.contains { $0.contains("Unsplash: 0 of 2 requests left this hour") })
        #expect(try await stats()["key_in_url"] as? Bool == false)
    }

    @Test("an empty key skips the instance naming `access_key`; an empty query sends nothing")
    func skippedAndEmpty() async throws {
        #expect(throws: ProviderUnavailable.missingOption("access_key")) {
            try UnsplashFactory().makeProvider(
                name: "u", options: try Self.options(key: "  ", endpoint: server.url("")), context: context())
        }
        #expect(try await search("   ").isEmpty)
        #expect(try await search("harbor", limit: 0).isEmpty)
        #expect(try await calls().isEmpty)
    }

    @Test("options: defaults, the 30-per-page ceiling and the fixed choices are checked")
    func options() throws {
        let decoder = JSONDecoder()
        let defaults = try decoder.decode(UnsplashFactory.Options.self, from: Data(#"{"access_key":"k"}"#.utf8))
        #expect(defaults.endpoint == URL(string: "https://api.unsplash.com"))
        #expect(defaults.perPage == 30 && defaults.contentFilter == "low" && defaults.orientation == nil)
        for bad in [
            #"{"access_key":"k","per_page":31}"#, #"{"access_key":"k","content_filter":"none"}"#,
            #"{"access_key":"k","orientation":"round"}"#, #"{"access_key":"k","endpoint":"ftp://x"}"#,
        ] {
            #expect(throws: DecodingError.self) {
                try decoder.decode(UnsplashFactory.Options.self, from: Data(bad.utf8))
            }
        }
        #expect(UnsplashFactory.Options.secretKeys == ["access_key"])
    }

    @Test("numbers no Int holds, odd tags and non-web URLs in Unsplash's JSON never trap or sink the page")
    func absurdValues() throws {
        let page = #"""
            {"total":1e19,"total_pages":2.5,"results":[
            {"id":"a","width":1e19,"height":-5,"likes":-3,"tags":[{"title":null},{"title":"ok"}],
             "urls":{"thumb":"javascript:alert(1)","regular":"https://images.unsplash.com/p?w=99999999999999999999"},
             "links":{"html":"ftp://x","download_location":null},"user":{"name":"  ","links":null}},
            {"id":"b"}]}
            """#
        let reader = UnsplashResponseReader(keySource: "$UNSPLASH_ACCESS_KEY", logger: context().logger)
        let list = try reader.searchPage(HTTPResponse(status: 200, body: Data(page.utf8)), maxResults: 1)
        #expect(list.total == nil && list.totalPages == nil)
        #expect(list.results.elements.map(\.id) == ["a"])  // only as many as asked for are decoded
        let photo = UnsplashPhotoMapping.photo(try #require(list.results.elements.first), provider: "u")
        #expect(photo.width == nil && photo.height == nil && photo.popularity.favorites == nil)
        #expect(photo.tags == ["ok"] && photo.author == nil && photo.pageURL == nil)
        #expect(photo.images.map(\.size) == [.large] && photo.images.first?.width == nil)
        #expect(photo.downloadTrackingURL == nil)
        let same = #"{"id":"c","description":"Two boats","alt_description":"Two boats"}"#
        let twice = UnsplashPhotoMapping.photo(
            try JSONDecoder().decode(UnsplashPhoto.self, from: Data(same.utf8)), provider: "u")
        #expect(twice.title == "Two boats" && twice.description == nil)  // not repeated as the description
    }

    @Test("a photo object's location (single and random photos carry one) gives its position and place words")
    func location() throws {
        let object = #"""
            {"id": "Dwu85P9SOIk", "width": 2448, "height": 3264, "urls": {}, "links": {}, "user": {"name": "Ana"},
             "location": {"name": "Montreal, Canada", "city": "Montreal", "country": "Canada",
                          "position": {"latitude": 45.5017, "longitude": -73.5673}}}
            """#
        let photo = UnsplashPhotoMapping.photo(
            try JSONDecoder().decode(UnsplashPhoto.self, from: Data(object.utf8)), provider: "unsplash")
        #expect(photo.location == GeoLocation(latitude: 45.5017, longitude: -73.5673))
        #expect(photo.place == PlaceNames(city: "Montreal", country: "Canada"))
        let unknown = #"""
            {"id": "x", "location": {"name": "Big Sur", "city": null, "country": null,
                                     "position": {"latitude": 0, "longitude": 0}}}
            """#
        let far = UnsplashPhotoMapping.photo(
            try JSONDecoder().decode(UnsplashPhoto.self, from: Data(unknown.utf8)), provider: "unsplash")
        #expect(far.location == nil)  // 0, 0 is Unsplash's unknown position
        #expect(far.place == PlaceNames(name: "Big Sur"))
        let none = #"{"id": "y", "location": {"name": null, "city": null, "country": null, "position": null}}"#
        #expect(
            UnsplashPhotoMapping.photo(
                try JSONDecoder().decode(UnsplashPhoto.self, from: Data(none.utf8)), provider: "u"
            )
            .place == nil)
    }
}
