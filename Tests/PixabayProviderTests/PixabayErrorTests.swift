import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import PixabayProvider

/// Pixabay's refusals, limits and broken answers, each as a message a person can act on, and the
/// key (which rides in the URL) never shown.
@Suite("Pixabay provider errors and secrets", .serialized)
struct PixabayErrorTests {
    let pixabay: PixabayFixture

    init() async throws {
        pixabay = try await PixabayFixture()
    }

    @Test("a rejected key quotes Pixabay's plain-text error, names $PIXABAY_API_KEY, and costs one request")
    func rejectedKey() async throws {
        let raw = try await pixabay.raw("key=nope&q=harbor")
        #expect(raw.status == 400)
        #expect(String(decoding: raw.body, as: UTF8.self) == "[ERROR 400] Invalid or missing API key ([key]).")
        await #expect(
            throws: ProviderError.rejected(
                "Pixabay rejected the API key (HTTP 400: Invalid or missing API key ([key]).); check $PIXABAY_API_KEY")
        ) {
            try await pixabay.search("harbor", options: pixabay.options(key: "not-a-pixabay-key"))
        }
        #expect(try await pixabay.calls().count == 1 + 1)
        let reader = PixabayResponseReader(keySource: "$PIXABAY_API_KEY")
        let forbidden = HTTPResponse(status: 403, body: Data("[ERROR 403] \"key\" is invalid".utf8))
        #expect(
            throws: ProviderError.rejected(
                "Pixabay rejected the API key (HTTP 403: \"key\" is invalid); check $PIXABAY_API_KEY")
        ) {
            try reader.read(forbidden, page: 1)
        }
    }

    @Test("an empty key skips the instance with a note naming api_key, before any request")
    func emptyKey() throws {
        for key in ["", "   "] {
            #expect(throws: ProviderUnavailable.missingOption("api_key")) {
                try PixabayFactory().makeProvider(
                    name: "pixabay", options: try OptionsFixture.decode(["api_key": key]),
                    context: PixabayFixture.context())
            }
        }
        #expect(PixabayFactory.Options.secretKeys == ["api_key"])
    }

    @Test(
        "over the rate limit (429, X-RateLimit-Reset 37) says when to try again; the client's retries are the only ones"
    )
    func rateLimited() async throws {
        let raw = try await pixabay.raw("key=\(PixabayFixture.validKey)&q=throttle")
        #expect(raw.status == 429 && raw.headers["x-ratelimit-remaining"] == "0")
        await #expect(
            throws: ProviderError.unavailable(
                "Pixabay says this API key is over its rate limit (100 requests a minute; Too Many Requests); try again in 37 seconds"
            )
        ) {
            try await pixabay.search("throttle")
        }
        let calls = try await pixabay.calls()
        #expect(calls.count == 1 + RetryPolicy.default.maxAttempts, "\(calls)")
        let noHeaders = HTTPResponse(status: 429, body: Data("[ERROR 429] Too Many Requests".utf8))
        #expect(
            PixabayResponseReader.rateLimitMessage(noHeaders, message: "Too Many Requests")
                == "Pixabay says this API key is over its rate limit (100 requests a minute by default; Too Many Requests); try again in a minute"
        )
        for (header, words) in [
            ("1", "1 second"), ("36.2", "37 seconds"), ("600", "10 minutes"), ("7300", "3 hours"), ("-5", nil),
            ("1e400", nil), ("soon", nil), ("1e300", nil),
        ] {
            #expect(PixabayResponseReader.seconds(header).map(PixabayResponseReader.duration) == words, "\(header)")
        }
    }

    @Test("a proxy's HTML 5xx page is an outage to try later; a wrong endpoint is a 404 that names `endpoint`")
    func outageAndWrongEndpoint() async throws {
        await #expect(throws: ProviderError.unavailable("Pixabay answered HTTP 502 (an HTML page); try again later")) {
            try await pixabay.search("outage")
        }
        #expect(try await pixabay.calls().count == RetryPolicy.default.maxAttempts)
        await #expect(
            throws: ProviderError.notFound(
                "Pixabay answered HTTP 404 (an HTML page); is `endpoint` Pixabay's API URL, https://pixabay.com/api/?")
        ) {
            try await pixabay.search("harbor", options: pixabay.options(path: "/v2/"))
        }
    }

    @Test("other refusals quote Pixabay: per_page out of range, q too long (which is caught before sending)")
    func otherRefusals() async throws {
        let reader = PixabayResponseReader(keySource: "$PIXABAY_API_KEY")
        let perPage = try await pixabay.raw("key=\(PixabayFixture.validKey)&q=harbor&per_page=201")
        #expect(
            throws: ProviderError.rejected("Pixabay refused the search (HTTP 400: \"per_page\" is out of valid range.)")
        ) {
            try reader.read(perPage, page: 1)
        }
        let long = String(repeating: "a", count: 101)
        let tooLong = try await pixabay.raw("key=\(PixabayFixture.validKey)&q=\(long)")
        #expect(throws: ProviderError.rejected("Pixabay refused the search (HTTP 400: \"q\" is too long)")) {
            try reader.read(tooLong, page: 1)
        }
        await #expect(
            throws: ProviderError.rejected(
                "Pixabay searches at most 100 characters; shorten the search (it has 101)")
        ) {
            try await pixabay.search(long)
        }
        #expect(try await pixabay.calls().count == 2)  // only the two raw requests
    }

    @Test("a truncated body is bad data, with an excerpt")
    func truncated() async throws {
        do {
            _ = try await pixabay.search("harbor", options: pixabay.options(path: "/api-broken/"))
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Pixabay sent a response that is not the JSON it documents: {\"total\": 3"))
        }
    }

    @Test("nulls, missing keys, wrong types and numbers no Int holds leave fields unknown, never sink the page")
    func looseJSON() throws {
        let page = #"""
            {"total":1e19,"totalHits":"500","hits":[
            {"id":"abc","pageURL":null,"tags":null,"user":null,"user_id":null,"previewURL":"","webformatURL":"ftp://x/y",
             "largeImageURL":7,"imageWidth":-5,"imageHeight":2.5,"views":1e19,"likes":-1,"downloads":"9"},
            {"id":5,"user":"solo","tags":" , ,"},
            {"id":6}]}
            """#
        let reader = PixabayResponseReader(keySource: "$PIXABAY_API_KEY")
        let list = try #require(try reader.read(HTTPResponse(status: 200, body: Data(page.utf8)), page: 1, maxHits: 2))
        #expect(list.total == nil && list.totalHits == nil)
        #expect(list.hits.elements.map(\.id) == ["abc", "5"])  // only as many as asked for are decoded
        let loose = PixabayPhotoMapping.photo(list.hits.elements[0], provider: "p")
        #expect(loose.images.isEmpty && loose.pageURL == nil && loose.author == nil && loose.authorURL == nil)
        #expect(loose.width == nil && loose.height == nil && loose.tags.isEmpty)
        #expect(loose.popularity == Popularity())
        #expect(loose.license?.name == "Pixabay Content License")
        let bare = PixabayPhotoMapping.photo(list.hits.elements[1], provider: "p")
        #expect(bare.author == "solo" && bare.authorURL == nil && bare.tags.isEmpty)

        let ghost = #"{"total":1,"totalHits":1,"hits":[{"id":7,"user":"ghost","user_id":0}]}"#
        let ghostHit = try #require(try reader.read(HTTPResponse(status: 200, body: Data(ghost.utf8)), page: 1))
        let ghostPhoto = PixabayPhotoMapping.photo(try #require(ghostHit.hits.elements.first), provider: "p")
        #expect(ghostPhoto.author == "ghost" && ghostPhoto.authorURL == nil)  // no account, no profile page

        for hit in [#"{"pageURL":"https://pixabay.com/photos/x-1/"}"#, #"{"id":""}"#, #"{"id":null}"#] {
            let body = #"{"total":1,"totalHits":1,"hits":["# + hit + "]}"
            #expect(throws: ProviderError.self, "\(hit)") {
                try reader.read(HTTPResponse(status: 200, body: Data(body.utf8)), page: 1)
            }
        }
    }

    @Test(
        "the key never shows in logs or errors, though an error page echoes it raw, percent-encoded, JSON-escaped and in capitals"
    )
    func keyNeverShown() async throws {
        let logs = CapturingLogHandler.Store()
        var context = PixabayFixture.context(logs: logs)
        // The capturing logger records every level, the client's `.debug` lines included.
        context.http = CurlHTTPClient(userAgent: "test", logger: CapturingLogHandler.logger(logs))
        for secret in [PixabayFixture.validKey, "s3cret/Key+with=odd%chars and space"] {
            do {
                let provider = try pixabay.provider(pixabay.options(key: secret), context: context)
                _ = try await ProviderConformance.collect(provider, SearchRequest(.search("echo"), limit: 5))
                Issue.record("expected an error")
            } catch {
                let message = "\(error)"
                #expect(
                    message.contains("Bad request: GET /api/?key=***"), "the echo should reach the message: \(message)")
                #expect(!Redaction.contains(message, secret: secret), "\(message)")
                #expect(!message.contains("Key+with") && !message.contains("Key%2Bwith"), "\(message)")
                #expect(!message.uppercased().contains(secret.uppercased()), "\(message)")
            }
            for line in logs.all { #expect(!Redaction.contains(line, secret: secret), "\(line)") }
        }
        #expect(logs.all.contains { $0.contains("key=***") })  // the client logs the call through the context
        let echoed = try await pixabay.calls()
        #expect(echoed.map { $0["key"] } == [PixabayFixture.validKey, "s3cret/Key+with=odd%chars and space"])
    }
}

/// The options a `type: pixabay` instance accepts, their defaults and their bounds.
@Suite("Pixabay options")
struct PixabayOptionsTests {
    func decode(_ json: String) throws -> PixabayFactory.Options {
        try JSONDecoder().decode(PixabayFactory.Options.self, from: Data(json.utf8))
    }

    @Test("defaults: the real endpoint, 200 per page, photos, popular order, safe search, Pixabay's language")
    func defaults() throws {
        let options = try decode(#"{"api_key": "k"}"#)
        #expect(options.endpoint == URL(string: "https://pixabay.com/api/"))
        #expect(options.perPage == 200 && options.imageType == "photo" && options.order == "popular")
        #expect(options.safeSearch && options.language == nil)
        #expect(try decode("{}").apiKey == "")
        #expect(
            PixabayFactory.Options.keyNames == [
                "api_key", "endpoint", "per_page", "image_type", "order", "safesearch", "lang",
            ])
    }

    @Test("every option is read, and values Pixabay would refuse are configuration errors")
    func bounds() throws {
        let options = try decode(
            #"{"api_key":"k","endpoint":"http://127.0.0.1:9/api/","per_page":3,"image_type":"vector","order":"latest","safesearch":false,"lang":"de"}"#
        )
        #expect(options.endpoint.absoluteString == "http://127.0.0.1:9/api/" && options.perPage == 3)
        #expect(options.imageType == "vector" && options.order == "latest" && !options.safeSearch)
        #expect(options.language == "de")
        for bad in [
            #"{"per_page": 2}"#, #"{"per_page": 201}"#, #"{"image_type": "photos"}"#, #"{"order": "newest"}"#,
            #"{"lang": "xx"}"#, #"{"endpoint": "ftp://pixabay.com/api/"}"#, #"{"safesearch": "yes"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try decode(bad) }
        }
    }
}
