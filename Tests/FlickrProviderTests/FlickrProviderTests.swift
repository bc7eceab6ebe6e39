import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

@testable import FlickrProvider

@Suite("Flickr provider against a fake Flickr", .serialized)  // one fake server at a time
struct FlickrProviderTests {
    let flickr: FlickrFixture

    init() async throws {
        flickr = try await FlickrFixture()
    }

    @Test("the Flickr provider passes the shared conformance suite")
    func conformance() async throws {
        let flickr = flickr
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "harbor", available: 50, secret: FlickrFixture.validKey,
                makeProvider: { name, context in
                    try FlickrFactory().makeProvider(
                        name: name,
                        options: .init(apiKey: FlickrFixture.validKey, endpoint: flickr.endpoint, perPage: 20),
                        context: context)
                },
                makeBrokenProvider: { name, context in
                    try FlickrFactory().makeProvider(
                        name: name,
                        options: .init(
                            apiKey: FlickrFixture.validKey, endpoint: flickr.server.url("/broken/services/rest/")),
                        context: context)
                },
                makeSlowProvider: { name, context in
                    try FlickrFactory().makeProvider(
                        name: name,
                        options: .init(
                            apiKey: FlickrFixture.validKey, endpoint: flickr.server.url("/slow/services/rest/")),
                        context: context)
                },
                slowSourceWasAbandoned: { try await flickr.aborted().contains("/slow/services/rest/") }))
    }

    @Test("text search calls flickr.photos.search with the documented parameters and every extra")
    func searchParameters() async throws {
        _ = try await flickr.search("harbor fog", limit: 10)
        let call = try #require(try await flickr.calls().first)
        #expect(call["method"] == "flickr.photos.search")
        #expect(call["text"] == "harbor fog")
        #expect(call["sort"] == "relevance")
        #expect(call["safe_search"] == "1")
        #expect(call["media"] == "photos")
        #expect(call["content_types"] == "0")
        #expect(call["format"] == "json")
        #expect(call["nojsoncallback"] == "1")
        #expect(call["per_page"] == "10")
        #expect(call["page"] == "1")
        #expect(
            call["extras"]
                == "description,license,date_taken,owner_name,views,tags,geo,url_q,url_m,url_l,url_o,o_dims")
    }

    @Test("pages are requested until the limit is reached, and each page is streamed")
    func paging() async throws {
        let provider = try flickr.provider(perPage: 20)
        var pages: [Int] = []
        for try await page in provider.pages(for: SearchRequest(.search("harbor"), limit: 45)) {
            pages.append(page.photos.count)
        }
        #expect(pages == [20, 20, 5])
        let calls = try await flickr.calls()
        #expect(calls.map { $0["page"] } == ["1", "2", "3"])
        #expect(calls.allSatisfy { $0["per_page"] == "20" })
    }

    @Test("paging stops when Flickr's pages run out, even if more were wanted")
    func pagesRunOut() async throws {
        let photos = try await flickr.search("harbor", limit: 500, perPage: 20)
        #expect(photos.count == 50)
        #expect(Set(photos.map(\.id)).count == 50)
        #expect(try await flickr.calls().count == 3)
    }

    @Test("a Flickr photo becomes a Photo with every field Flickr sent, whatever type it used")
    func mapping() async throws {
        let photos = try await flickr.search("harbor", limit: 50)
        // Photo 104 (see flickr_server.py): geotagged, every size, views as a number, o_width as a string.
        let first = try #require(photos.first { $0.id == "53000000104" })
        #expect(first.title == "City and harbor 104")
        #expect(first.description == "A photo of a city near the harbor.")
        #expect(first.author == "Photographer 0")
        #expect(first.pageURL == URL(string: "https://www.flickr.com/photos/10104@N00/53000000104"))
        #expect(first.width == 4500 && first.height == 3000)
        #expect(first.popularity.views == 204)
        #expect(first.license == LicenseCatalog.license(id: "CC-BY-NC-2.0"))
        #expect(
            first.attribution?.hasSuffix(
                " by Photographer 0 is licensed under CC BY-NC 2.0 (https://creativecommons.org/licenses/by-nc/2.0/)")
                == true)
        #expect(first.tags == ["city", "harbor", "travel"])
        #expect(first.location == GeoLocation(latitude: 44.0104, longitude: -74.5))
        #expect(first.takenAt == FlickrPhotoMapping.takenDate("2023-09-21 14:32:04"))
        #expect(first.takenAt?.description == "2023-09-21T14:32:04")  // datetaken has no zone: none invented
        #expect(first.images.map(\.size) == [.thumbnail, .medium, .large, .original])
        #expect(first.images.map(\.width) == [150, 500, 1024, 4500])
        #expect(first.images[2].url.absoluteString.hasSuffix("_b.jpg"))
        // Photo 105: views and licence both sent as strings.
        let stringly = try #require(photos.first { $0.id == "53000000105" })
        #expect(stringly.popularity.views == 205)
        #expect(stringly.license?.id == "CC-BY-NC-ND-2.0")

        let plain = try #require(photos.first { $0.id == "53000000030" })  // i = 30: no geo, no large sizes, no caption
        #expect(plain.location == nil)
        #expect(plain.description == nil)
        #expect(plain.images.map(\.size) == [.thumbnail, .medium, .large])
        #expect(
            plain.images[2].url.absoluteString == "https://live.staticflickr.com/65535/53000000030_03a002a1b2_b.jpg")
        #expect(plain.images[2].width == nil)  // built from server/id/secret: size unknown
        #expect(plain.width == nil)
        #expect(photos.allSatisfy { $0.provider == "flickr" })
    }

    @Test("photos with an empty or blank id are dropped, impossible numbers unknown, each noted for --verbose")
    func impossibleValues() async throws {
        let logs = CapturingLogHandler.Store()
        var context = ProviderConformance.makeContext(logs: logs)
        context.logger.logLevel = .debug
        context.optionVariables = ["api_key": ["FLICKR_API_KEY"]]
        let provider = try FlickrFactory().makeProvider(
            name: "flickr", options: .init(apiKey: FlickrFixture.validKey, endpoint: flickr.endpoint), context: context)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("impossible"), limit: 10))
        #expect(photos.count == 1)
        #expect(photos.first?.width == nil && photos.first?.popularity.views == nil)
        #expect(logs.all.filter { $0.contains("flickr: a photo without an id was dropped") }.count == 2)
        #expect(logs.all.contains { $0.contains("views -1 is impossible") })
    }

    @Test("an empty query never calls the API")
    func emptyQuery() async throws {
        #expect(try await flickr.search("   ").isEmpty)
        #expect(try await flickr.calls().isEmpty)
    }

    @Test("`total` sent as an empty string is read as unknown, not as an error")
    func emptyTotal() async throws {
        let provider = try flickr.provider()
        var totals: [Int?] = []
        for try await page in provider.pages(for: SearchRequest(.search("emptytotal"), limit: 5)) {
            totals.append(page.totalAvailable)
        }
        #expect(totals == [nil])
    }

    @Test("the popular feed calls flickr.interestingness.getList")
    func popular() async throws {
        let photos = try await ProviderConformance.collect(try flickr.provider(), SearchRequest(.popular, limit: 7))
        #expect(photos.count == 7)
        #expect(try await flickr.calls().first?["method"] == "flickr.interestingness.getList")
    }

    /// Keys the fake refuses, and the message each refusal must become.
    static let refusals: [(key: String, error: ProviderError)] = [
        // A rejected key (code 100) says which variable to check, and never shows the key.
        (
            "not-a-real-key-999",
            .rejected("Flickr rejected the API key (Invalid API Key (Key has invalid format)); check $FLICKR_API_KEY")
        ),
        // Over the rate limit, Flickr's HTML 429 becomes a plain message.
        (
            "RATE-LIMITED",
            .unavailable(
                "Flickr says this API key is over its rate limit (3,600 queries an hour); wait a while and try again")
        ),
    ]

    @Test(
        "a rejected key says which variable to check without showing the key; an HTML 429 becomes a plain message",
        arguments: refusals)
    func refused(key: String, error: ProviderError) async throws {
        await #expect(throws: error) { try await flickr.search("harbor", key: key) }
    }

    @Test("codes 105 and 201 are retried, then reported as a service outage")
    func unavailable() async throws {
        let recovered = try await flickr.search("harbor", limit: 3, key: "FLAKY")
        #expect(recovered.count == 3)
        await #expect(
            throws: ProviderError.unavailable(
                "Flickr's service is unavailable right now (code 105: Service currently unavailable); try again later")
        ) {
            try await flickr.search("harbor", key: "UNAVAILABLE-KEY")
        }
        #expect(try await flickr.calls().count == 2 + 3)  // FLAKY: one failure, one answer; UNAVAILABLE: three attempts
    }

    @Test("a truncated body is bad data, with an excerpt")
    func garbage() async throws {
        do {
            _ = try await flickr.search("garbage")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Flickr sent a response that is not the JSON it documents: {\"photos\""))
        }
    }

    @Test("XML (the default format) and JSONP (no nojsoncallback) from the real wire are understood or explained")
    func wireFormats() async throws {
        let reader = FlickrResponseReader(provider: "flickr", keySource: "$FLICKR_API_KEY")
        let xml = try await flickr.raw("method=flickr.photos.search&text=harbor&api_key=\(FlickrFixture.validKey)")
        #expect(String(decoding: xml.body.prefix(5), as: UTF8.self) == "<?xml")
        #expect(
            throws: ProviderError.badData(
                "Flickr answered in XML instead of JSON; is `endpoint` a Flickr REST endpoint?")
        ) {
            try reader.read(xml)
        }
        let xmlFailure = try await flickr.raw("method=flickr.photos.search&text=harbor&api_key=wrong")
        #expect(
            throws: ProviderError.rejected(
                "Flickr rejected the API key (Invalid API Key (Key has invalid format)); check $FLICKR_API_KEY")
        ) {
            try reader.read(xmlFailure)
        }
        let jsonp = try await flickr.raw(
            "method=flickr.photos.search&text=harbor&format=json&api_key=\(FlickrFixture.validKey)")
        #expect(String(decoding: jsonp.body.prefix(14), as: UTF8.self) == "jsonFlickrApi(")
        #expect(try reader.read(jsonp).photo.elements.count == 50)
        let failure = try await flickr.raw(
            "method=flickr.nope&format=json&nojsoncallback=1&api_key=\(FlickrFixture.validKey)")
        #expect(failure.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(
            throws: ProviderError.rejected("Flickr refused the request (code 112: Method \"flickr.nope\" not found)")
        ) {
            try reader.read(failure)
        }
    }

    @Test("request URLs spell out the query, key and options; logs show the key only as ***")
    func urlsAndLogs() async throws {
        let options: FlickrFactory.Options = try OptionsFixture.decode([
            "api_key": "k+1", "sort": "interestingness-desc", "license": [4, 9],
        ])
        let url = try FlickrRequests.url(
            for: SearchRequest(.search("a+b c"), limit: 5), page: 2, perPage: 5, options: options)
        #expect(url.absoluteString.contains("text=a%2Bb%20c"))
        #expect(url.absoluteString.contains("license=4,9") || url.absoluteString.contains("license=4%2C9"))
        #expect(url.absoluteString.contains("api_key=k%2B1"))
        #expect(url.absoluteString.contains("sort=interestingness-desc"))

        let logs = CapturingLogHandler.Store()
        var context = ProviderConformance.makeContext(logs: logs)
        var logger = CapturingLogHandler.logger(logs)
        logger.logLevel = .debug
        context.http = CurlHTTPClient(userAgent: "test", logger: logger)
        let provider = try FlickrFactory().makeProvider(
            name: "flickr", options: .init(apiKey: FlickrFixture.validKey, endpoint: flickr.endpoint), context: context)
        _ = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 3))
        #expect(logs.all.contains { $0.contains("api_key=***") })
        #expect(!logs.all.contains { $0.contains(FlickrFixture.validKey) })
    }
}

/// Issue 12 against the fake Flickr: one retry layer, the deadline, bounded memory, hidden secrets, no traps.
@Suite("Flickr provider under hostile answers", .serialized)
struct FlickrHostileTests {
    let flickr: FlickrFixture

    init() async throws {
        flickr = try await FlickrFixture()
    }

    @Test("one HTTP 500 costs 3 requests in all (not 3 × 3); a 404 costs exactly 1 and points at the endpoint")
    func retryBudget() async throws {
        await #expect(throws: ProviderError.self) { try await flickr.search("server-error") }
        #expect(try await flickr.calls().count == 3)
        do {
            _ = try await flickr.search("not-found")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Flickr answered HTTP 404"))
            #expect(error.message.hasSuffix("is `endpoint` a Flickr REST endpoint?"))
            #expect(!error.isTransient)
        }
        #expect(try await flickr.calls().count == 3 + 1)
    }

    @Test("the search's deadline reaches the HTTP client: a server that stalls 30 s ends at a 1 s deadline")
    func deadlineReachesHTTP() async throws {
        let provider = try flickr.provider(endpoint: flickr.server.url("/slow/services/rest/"))
        let clock = ContinuousClock()
        let started = clock.now
        let request = SearchRequest(.search("harbor"), limit: 5, deadline: started + .seconds(1))
        do {
            _ = try await ProviderConformance.collect(provider, request)
            Issue.record("expected a timeout")
        } catch let error as HTTPClientError {
            #expect(error.kind == .timedOut)
        }
        #expect(clock.now - started < .seconds(3))
    }

    @Test(
        "a 32 MB page is refused at 8 MiB with a message naming Flickr; a page of 500,000 tiny photos decodes only those asked for"
    )
    func boundedMemory() async throws {
        for query in ["huge", "hugechunked"] {
            await #expect(
                throws: ProviderError.badData(
                    "Flickr sent a response larger than 8 MiB for one page of results (a real page is well under 1 MiB); is `endpoint` right?"
                )
            ) {
                try await flickr.search(query, limit: 100)
            }
        }
        let photos = try await flickr.search("tinybomb", limit: 30, perPage: 20)
        #expect(photos.count == 20)  // the page says it is the only one
        #expect(photos.first?.id == "0")
    }

    @Test("a key with characters URLs encode never shows, though Flickr's error echoes the request line")
    func echoedKeyIsHidden() async throws {
        let secret = "ECHO-SECRET/500+XYZ=="
        let logs = CapturingLogHandler.Store()
        for query in ["harbor", "echo-http"] {
            do {
                _ = try await ProviderConformance.collect(
                    try flickr.provider(key: secret, logs: logs), SearchRequest(.search(query), limit: 5))
                Issue.record("expected an error")
            } catch {
                let message = "\(error)"
                #expect(message.contains("GET /services/rest/"), "the echo should reach the message: \(message)")
                #expect(!Redaction.contains(message, secret: secret), "\(message)")
                #expect(!message.contains("XYZ"), "\(message)")
            }
        }
        #expect(logs.all.contains { $0.contains("api_key=***") })  // the client logs through the context
        for line in logs.all { #expect(!Redaction.contains(line, secret: secret), "\(line)") }
    }

    @Test("numbers no Int holds (1e19), fractions and infinities in Flickr's JSON never trap")
    func absurdNumbers() throws {
        let reader = FlickrResponseReader(provider: "flickr", keySource: "$FLICKR_API_KEY")
        let page = #"""
            {"stat":"ok","photos":{"page":1e19,"pages":1e400,"perpage":-1e19,"total":"1e19","photo":[
            {"id":"a","views":1e19,"license":2.5,"width_o":-1e300,"height_o":"1e19","latitude":1e400,"longitude":"nan",
             "o_width":1e19,"datetakenunknown":1e19,"server":1e19}]}}
            """#
        let list = try reader.read(HTTPResponse(status: 200, body: Data(page.utf8)))
        let photo = FlickrPhotoMapping.photo(try #require(list.photo.elements.first), provider: "flickr")
        #expect(photo.popularity.views == nil && photo.width == nil && photo.location == nil)
        #expect(photo.license?.id == "CC-BY-NC-2.0")  // 2.5 reads as 2
        #expect(list.total?.int == nil)
        let numericID = #"{"stat":"ok","photos":{"photo":[{"id":1e19}]}}"#
        #expect(throws: ProviderError.self) { try reader.read(HTTPResponse(status: 200, body: Data(numericID.utf8))) }
        let failure = #"{"stat":"fail","code":1e19,"message":"x"}"#
        #expect(throws: ProviderError.self) { try reader.read(HTTPResponse(status: 200, body: Data(failure.utf8))) }
    }
}
