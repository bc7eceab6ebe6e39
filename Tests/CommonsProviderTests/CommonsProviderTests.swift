import Foundation
import ProviderKit
import ProviderTesting
import SearchViewModel
import Testing

@testable import CommonsProvider

/// The Commons provider against a fake Commons API (commons_server.py beside this file).
@Suite("Commons provider against a fake Wikimedia Commons", .serialized)
struct CommonsProviderTests {
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "Tests/CommonsProviderTests/commons_server.py")
    }

    func options(pageSize: Int = 50, endpoint: String = "/w/api.php") -> CommonsFactory.Options {
        .init(endpoint: server.url(endpoint), pageSize: pageSize)
    }

    func provider(
        _ options: CommonsFactory.Options? = nil, logs: CapturingLogHandler.Store = .init()
    ) throws -> any PhotoProvider {
        try CommonsFactory().makeProvider(
            name: "commons", options: options ?? self.options(), context: ProviderConformance.makeContext(logs: logs))
    }

    func search(_ query: String, limit: Int = 100, pageSize: Int = 50) async throws -> [Photo] {
        try await ProviderConformance.collect(
            try provider(options(pageSize: pageSize)), SearchRequest(.search(query), limit: limit))
    }

    func stats(of server: LoopbackServer? = nil) async throws -> [String: Any] {
        let response = try await CurlHTTPClient(userAgent: "test").send(
            HTTPRequest(url: (server ?? self.server).url("/stats")))
        return (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }

    func calls(of server: LoopbackServer? = nil) async throws -> [[String: String]] {
        try await stats(of: server)["calls"] as? [[String: String]] ?? []
    }

    @Test("the Commons provider passes the shared conformance suite")
    func conformance() async throws {
        let endpoint = server.url("/w/api.php")
        let broken = server.url("/w-html/api.php")
        let slow = server.url("/w-slow/api.php")
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "bridge", available: 15,  // files 2, 8, …, 86
                makeProvider: { name, context in
                    try CommonsFactory().makeProvider(
                        name: name, options: .init(endpoint: endpoint, pageSize: 4), context: context)
                },
                makeBrokenProvider: { name, context in
                    try CommonsFactory().makeProvider(name: name, options: .init(endpoint: broken), context: context)
                },
                makeSlowProvider: { name, context in
                    try CommonsFactory().makeProvider(name: name, options: .init(endpoint: slow), context: context)
                },
                slowSourceWasAbandoned: {
                    (try await self.stats()["aborted"] as? [String] ?? []).contains("/w-slow/api.php")
                }))
    }

    @Test("search sends the documented parameters and a descriptive User-Agent, and continues with `continue`")
    func requestsAndPaging() async throws {
        var sizes: [Int] = []
        let logs = CapturingLogHandler.Store()
        for try await page in try provider(options(pageSize: 4), logs: logs).pages(
            for: SearchRequest(.search("harbor"), limit: 7))
        {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [4, 3])
        let calls = try await calls()
        try #require(calls.count == 2)
        let first = calls[0]
        #expect(first["action"] == "query" && first["format"] == "json" && first["formatversion"] == "1")
        #expect(first["generator"] == "search" && first["gsrnamespace"] == "6" && first["gsrlimit"] == "4")
        #expect(first["gsrsearch"] == "filetype:bitmap|drawing harbor")
        #expect(first["prop"] == "imageinfo" && first["iiprop"] == "url|size|mime|extmetadata")
        #expect(first["iiurlwidth"] == "330")
        #expect(first["gsroffset"] == nil && first["continue"] == nil && first["iiextmetadatalanguage"] == nil)
        #expect(
            first["iiextmetadatafilter"]
                == "ObjectName|ImageDescription|Artist|DateTimeOriginal|Categories|LicenseShortName|LicenseUrl|UsageTerms|Credit|AttributionRequired|GPSLatitude|GPSLongitude"
        )
        // The second request sends back the whole `continue` object: its number and its marker.
        #expect(calls[1]["gsroffset"] == "4" && calls[1]["continue"] == "gsroffset||")
        let agent = try #require(first["User-Agent"])
        #expect(agent.hasPrefix("Viewfinder/0.1.0 (https://"))
        #expect(agent.range(of: #"\) libcurl/\d+\.\d+"#, options: .regularExpression) != nil)
        #expect(!logs.all.contains { $0.contains("warns") })  // every parameter sent is one the API knows

        var withContact = options(pageSize: 4)
        withContact.contact = "ops@example.org"
        withContact.language = "de"
        _ = try await ProviderConformance.collect(try provider(withContact), SearchRequest(.search("harbor"), limit: 1))
        #expect(try await self.calls().last?["iiextmetadatalanguage"] == "de")
        #expect(try await self.calls().last?["User-Agent"]?.contains("; ops@example.org) libcurl/") == true)
    }

    @Test("a request without a descriptive User-Agent gets Wikimedia's plain-text 403, read as a clear error")
    func userAgentPolicy() async throws {
        let response = try await CurlHTTPClient(userAgent: "curl/8.0").send(
            HTTPRequest(url: server.url("/w/api.php?action=query&format=json")))
        #expect(response.status == 403)
        #expect(response.headers["content-type"] == "text/plain")
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("Please set a user-agent"))
        #expect(throws: ProviderError.self) { try CommonsResponseReader.read(response) }
        do {
            _ = try CommonsResponseReader.read(response)
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Wikimedia refused the request under its User-Agent policy (HTTP 403: "))
            #expect(!error.isTransient)
        }
        let withContact = await CommonsRequests.userAgent(
            contact: "me@example.org", http: CurlHTTPClient(userAgent: "x"))
        #expect(withContact.contains("; me@example.org) libcurl/"))
    }

    @Test("paging goes to the last batch (no `continue`) in rank order, and never past it")
    func pagingToTheEnd() async throws {
        let photos = try await search("harbor", limit: 100, pageSize: 4)
        #expect(photos.count == 15)  // files 0, 6, …, 84
        let ranks = (0..<15).map { $0 * 6 }
        #expect(photos.map(\.title) == ranks.map { $0 % 9 == 0 ? "Harbor drawing \($0)" : "Harbor at dusk \($0)" })
        #expect(Set(photos.map(\.id)).count == 15)
        let calls = try await calls()
        #expect(calls.count == 4)  // 4 + 4 + 4 + 3, and no request after the batch without `continue`
        #expect(calls.map { $0["gsroffset"] } == [nil, "4", "8", "12"])
    }

    @Test("a search with no match (the API sends no `query` at all) is an empty result")
    func noMatch() async throws {
        #expect(try await search("nothingmatchesthis").isEmpty)
        #expect(try await calls().count == 1)
        let answer = try CommonsResponseReader.read(
            HTTPResponse(status: 200, body: Data(#"{"batchcomplete":""}"#.utf8)))
        #expect(answer.pages.isEmpty && answer.continuation == nil)
    }

    @Test(
        "a file becomes a Photo: markup stripped, author page, short page URL, images by size, date, categories, licence"
    )
    func mapping() async throws {
        let photos = try await search("harbor")
        let photo = try #require(photos.first { $0.title == "Harbor at dusk 30" })
        #expect(photo.id == "40000570")
        #expect(photo.description == "A harbor & its reflection at dusk. Seen from the harbor side.")
        #expect(photo.author == "Photographer 30")
        #expect(photo.authorURL == URL(string: "https://commons.wikimedia.org/wiki/User:Photographer_30"))
        #expect(photo.pageURL == URL(string: "https://commons.wikimedia.org/w/index.php?curid=40000570"))
        #expect(photo.images.map(\.size) == [.small, .original])
        #expect(photo.images.first?.width == 330 && photo.images.first?.height == 248)
        #expect(photo.images.last?.url.absoluteString.hasSuffix("/Harbor_at_dusk_30.jpg") == true)
        #expect(photo.width == 4030 && photo.height == 3030)
        #expect(photo.takenAt == DateTime.parse("2016-02-29 08:15:00"))
        #expect(photo.tags == ["Harbors", "Photographs by user 30"])
        #expect(photo.license == LicenseCatalog.license(id: "CC-BY-SA-4.0"))
        #expect(
            photo.attribution
                == "“Harbor at dusk 30” (https://commons.wikimedia.org/w/index.php?curid=40000570) by Photographer 30"
                + " (https://commons.wikimedia.org/wiki/User:Photographer_30) is licensed under CC BY-SA 4.0"
                + " (https://creativecommons.org/licenses/by-sa/4.0/). Source: Own work")
        #expect(photos.allSatisfy { $0.provider == "commons" })

        // A red link to a user page that does not exist yet: site-relative, with entities.
        let redLink = try #require(photos.first { $0.title == "Harbor at dusk 12" })
        #expect(redLink.author == "Photographer 12")
        #expect(
            redLink.authorURL
                == URL(
                    string: "https://commons.wikimedia.org/w/index.php?title=User:Photographer_12&action=edit&redlink=1"
                ))
        // Public domain, no licence URL, a plain-text artist with a line break, no date.
        let anonymous = try #require(photos.first { $0.title == "Harbor at dusk 84" })
        #expect(anonymous.author == "Unknown author (anonymous)" && anonymous.authorURL == nil)
        #expect(anonymous.license == LicenseCatalog.publicDomainMark)  // "Public domain"
        #expect(anonymous.attribution == nil)  // none needed
        #expect(anonymous.takenAt == nil)
        // No ObjectName, Artist or Categories: the title comes from the file name.
        let bare = try #require(photos.first { $0.id == String(40_000_000 + (6 * 7919) % 1000) })
        #expect(bare.title == "Harbor at dusk 6" && bare.author == nil && bare.tags.isEmpty)
        // A drawing: the preview is a PNG rendering, the original the SVG.
        let drawing = try #require(photos.first { $0.title == "Harbor drawing 0" })
        #expect(drawing.images.first?.url.absoluteString.hasSuffix(".svg.png") == true)
        #expect(drawing.images.last?.url.pathExtension == "svg")
    }

    @Test("a Commons file that Openverse also lists (its landing page is the curid URL) is shown once")
    func deduplicatesWithOpenverse() async throws {
        let photos = try await search("harbor")
        // What Openverse sends for a Commons file: foreign_landing_url is imageinfo's descriptionshorturl.
        let viaOpenverse = Photo(
            provider: "openverse", id: "8f0a0c2e-0000-4000-8000-000000000030", title: "Harbor at dusk 30",
            pageURL: URL(string: "https://commons.wikimedia.org/w/index.php?curid=40000570"))
        var merger = ResultMerger(providers: [("commons", 1.0), ("openverse", 1.0)])
        merger.add(photos, from: "commons")
        merger.add([viaOpenverse], from: "openverse")
        #expect(merger.count == photos.count)
    }

    @Test(
        "DateTimeOriginal (a template's <time datetime>, plain text, or words that are no date); a Creator template's author"
    )
    func dates() async throws {
        let photos = try await search("lighthouse")
        #expect(
            photos.first { $0.title == "Lighthouse at dusk 1" }?.takenAt == DateTime.parse("2015-06-13 00:00:00"))
        let creator = try #require(photos.first { $0.title == "Lighthouse at dusk 37" })
        #expect(creator.author == "Rembrandt")
        #expect(creator.authorURL == URL(string: "https://www.wikidata.org/wiki/Q5598"))
        let undated = try #require(photos.first { $0.title == "Lighthouse at dusk 7" })
        #expect(undated.takenAt == nil)  // "circa 1900"
    }

    @Test("a batch MediaWiki splits (over 50 thumbnails: `iicontinue`) is read whole, each file once")
    func splitBatches() async throws {
        let server = try await LoopbackServer.start(
            script: "Tests/CommonsProviderTests/commons_server.py", arguments: ["--transform-limit", "3"])
        let provider = try CommonsFactory().makeProvider(
            name: "commons", options: .init(endpoint: server.url("/w/api.php"), pageSize: 8),
            context: ProviderConformance.makeContext())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 100))
        #expect(photos.count == 15)
        #expect(Set(photos.map(\.id)).count == 15)
        #expect(photos.allSatisfy { $0.images.count == 2 })
        let calls = try await calls(of: server)
        #expect(calls.contains { $0["iicontinue"] != nil })
        #expect(calls.filter { $0["iicontinue"] != nil }.allSatisfy { $0["continue"] != nil })
    }

    @Test("popular lists the featured-pictures category, newest first, continuing with gcmcontinue")
    func popular() async throws {
        let provider = try provider(options(pageSize: 3))
        #expect(provider.supportsPopular)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 100))
        #expect(photos.count == 7)  // files 3, 23, 33, …, 73 (13 and 83 list no categories)
        #expect(photos.allSatisfy { $0.images.count == 2 && $0.license != nil })
        let calls = try await calls()
        #expect(calls.count == 3)
        #expect(calls.first?["generator"] == "categorymembers" && calls.first?["gcmtype"] == "file")
        #expect(calls.first?["gcmtitle"] == "Category:Featured_pictures_on_Wikimedia_Commons")
        #expect(calls.first?["gcmsort"] == "timestamp" && calls.first?["gcmdir"] == "desc")
        #expect(calls.dropFirst().allSatisfy { $0["gcmcontinue"] != nil && $0["continue"] == "gcmcontinue||" })
    }

    @Test("rate limits, lag, server errors, API errors and bad bodies become clear errors")
    func errors() async throws {
        await #expect(
            throws: ProviderError.unavailable(
                "Wikimedia Commons is limiting requests (HTTP 429: Too many requests. Please respect our robot policy https://w.wiki/4wJS.); try again in 24 h"
            )
        ) { try await search("throttle") }
        await #expect(
            throws: ProviderError.unavailable(
                "Wikimedia Commons says its database replicas are lagging (maxlag: Waiting for 10.64.48.35: 7 seconds lagged.); try again in 24 h"
            )
        ) { try await search("lagged") }
        await #expect(
            throws: ProviderError.unavailable(
                "Wikimedia Commons says it cannot answer right now (internal_api_error_DBQueryError: [ZkxQ3wpAIDcAAD@0xyz] Exception caught: A database query error has occurred.); try again later"
            )
        ) { try await search("dberror") }
        do {
            _ = try await search("broken")
            Issue.record("expected an error")
        } catch let error as ProviderError {
            #expect(error.message.hasPrefix("Wikimedia Commons sent a response that is not the JSON its API documents"))
        }
        let refused = HTTPResponse(
            status: 200, headers: ["mediawiki-api-error": "badvalue"],
            body: Data(
                #"{"error":{"code":"badvalue","info":"Unrecognized value for parameter \"action\": x.","*":"See …"},"servedby":"mw1"}"#
                    .utf8))
        #expect(
            throws: ProviderError.rejected(
                #"Wikimedia Commons refused the search (badvalue: Unrecognized value for parameter "action": x.)"#)
        ) { try CommonsResponseReader.read(refused) }
        let notFound = HTTPResponse(status: 404, body: Data("<title>Not Found</title>".utf8))
        #expect(
            throws: ProviderError.notFound(
                "Wikimedia Commons answered HTTP 404 (<title>Not Found</title>); is `endpoint` an api.php URL?")
        ) {
            try CommonsResponseReader.read(notFound)
        }
    }

    @Test("a maxlag answer is retried by the HTTP client after its Retry-After, and then succeeds")
    func lagIsRetried() async throws {
        let photos = try await search("lagonce")
        #expect(photos.count == 15)
        #expect(try await calls().count == 2)
    }

    @Test("an empty query sends nothing")
    func emptyQuery() async throws {
        #expect(try await search("  ").isEmpty)
        #expect(try await calls().isEmpty)
    }

    @Test(
        "options: page_size is 1–50 (thumbnail limit), contact must fit the User-Agent, language is a code, defaults are the real service"
    )
    func optionsDecoding() throws {
        let decode = { (json: String) in try JSONDecoder().decode(CommonsFactory.Options.self, from: Data(json.utf8)) }
        let defaults = try decode("{}")
        #expect(defaults.endpoint == URL(string: "https://commons.wikimedia.org/w/api.php"))
        #expect(defaults.pageSize == 50 && defaults.thumbnailWidth == 330 && defaults.contact == nil)
        #expect(defaults.popularCategory == "Category:Featured_pictures_on_Wikimedia_Commons")
        #expect(throws: DecodingError.self) { try decode(#"{"page_size": 51}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"contact": "a (b)"}"#) }
        #expect(try decode(#"{"contact": " "}"#).contact == nil)
        #expect(try decode(#"{"language": "pt-br"}"#).language == "pt-br")
        #expect(throws: DecodingError.self) { try decode(#"{"language": "de&x=1"}"#) }
    }

    @Test("HTML from extmetadata: entities, block tags, the first link made absolute, odd links ignored")
    func htmlText() {
        #expect(
            CommonsHTMLText.plainText("<b>Ada</b>&nbsp;Lovelace &lt;3 &#x2014; &#169; &bogus; &")
                == "Ada Lovelace <3 — © &bogus; &")
        #expect(CommonsHTMLText.plainText("un<i>believ</i>able<br/>next<p>para</p>") == "unbelievable next para")
        #expect(CommonsHTMLText.plainText("  <span></span> ") == nil)
        #expect(CommonsHTMLText.plainText("a <unclosed") == "a")
        let base = URL(string: "https://commons.wikimedia.org/w/index.php?curid=1")
        #expect(
            CommonsHTMLText.firstLink(#"<a href="/wiki/User:X?a=1&amp;b=2">X</a>"#, base: base)
                == URL(string: "https://commons.wikimedia.org/wiki/User:X?a=1&b=2"))
        #expect(CommonsHTMLText.firstLink(#"<a href='javascript:alert(1)'>X</a>"#, base: base) == nil)
        #expect(
            CommonsHTMLText.firstLink(#"<a class="x" data-href="no" href="http://e.org/u">"#, base: nil)
                == URL(string: "http://e.org/u"))
        #expect(
            CommonsHTMLText.timeAttribute(#"<time class="dtstart" datetime="2015-06-13">13 June</time>"#)
                == "2015-06-13")
        #expect(CommonsPhotoMapping.takenAt("2015-13-45") == nil && CommonsPhotoMapping.takenAt("1e19") == nil)
        #expect(CommonsPhotoMapping.takenAt("2015-06-13T10:20:30Z")?.description == "2015-06-13T10:20:30Z")
        #expect(CommonsPhotoMapping.takenAt("2015-06-13 (upload date)") == DateTime.parse("2015-06-13 00:00:00"))
        #expect(CommonsPhotoMapping.takenAt("2015-06-130") == nil && CommonsPhotoMapping.takenAt("13 June 2015") == nil)
    }

    @Test("absurd numbers, wrong types and non-objects in the pages never trap or sink the batch")
    func absurdData() throws {
        let body = #"""
            {"continue":{"gsroffset":[1],"continue":"gsroffset||","x":null},"query":{"pages":{
            "1":{"pageid":1e19,"title":"File:A.jpg","index":"x","imageinfo":[{"width":1e19,"height":-5,"url":"ftp://x/a",
                 "thumburl":"//upload.wikimedia.org/t.jpg","extmetadata":{"Artist":{"value":["x"]},"ObjectName":7}}]},
            "2":"not a page","3":{"pageid":3,"imageinfo":"none"}}}}
            """#
        let answer = try CommonsResponseReader.read(HTTPResponse(status: 200, body: Data(body.utf8)))
        #expect(answer.pages.count == 2)
        #expect(answer.continuation == ["continue": "gsroffset||"])
        let photo = try #require(answer.pages["1"].flatMap { CommonsPhotoMapping.photo($0, provider: "c") })
        #expect(photo.id == "File:A.jpg" && photo.width == nil && photo.height == nil && photo.author == nil)
        #expect(photo.images.map(\.url.absoluteString) == ["https://upload.wikimedia.org/t.jpg"])
        #expect(answer.pages["3"].flatMap { CommonsPhotoMapping.photo($0, provider: "c") } == nil)

        let warned =
            #"{"warnings":{"search":{"*":"gsrlimit may not be over 500."},"main":{"*":"Unrecognized parameter: x."}},"batchcomplete":""}"#
        let warnings = try CommonsResponseReader.read(HTTPResponse(status: 200, body: Data(warned.utf8))).warnings
        #expect(warnings == ["main: Unrecognized parameter: x.", "search: gsrlimit may not be over 500."])
    }
}
