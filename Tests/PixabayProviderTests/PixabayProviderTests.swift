import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import PixabayProvider

/// The Pixabay provider against a fake Pixabay API (pixabay_server.py beside this file).
@Suite("Pixabay provider against a fake Pixabay", .serialized)
struct PixabayProviderTests {
    let pixabay: PixabayFixture

    init() async throws {
        pixabay = try await PixabayFixture()
    }

    @Test("the Pixabay provider passes the shared conformance suite")
    func conformance() async throws {
        let pixabay = pixabay
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "windmill", available: 8,  // 11 images, 3 of them illustrations
                secret: PixabayFixture.validKey,
                makeProvider: { name, context in
                    try PixabayFactory().makeProvider(
                        name: name, options: pixabay.options(perPage: 3), context: context)
                },
                makeBrokenProvider: { name, context in
                    try PixabayFactory().makeProvider(
                        name: name, options: pixabay.options(path: "/api-broken/"), context: context)
                },
                makeSlowProvider: { name, context in
                    try PixabayFactory().makeProvider(
                        name: name, options: pixabay.options(path: "/api-slow/"), context: context)
                },
                slowSourceWasAbandoned: { try await pixabay.aborted().contains("/api-slow/") }))
    }

    @Test("a search sends key, q, order, image_type, safesearch, page and per_page in the query string")
    func requestParameters() async throws {
        var sizes: [Int] = []
        let provider = try pixabay.provider(pixabay.options(perPage: 5))
        for try await page in provider.pages(for: SearchRequest(.search("  harbor "), limit: 7)) {
            sizes.append(page.photos.count)
        }
        #expect(sizes == [5, 2])
        let calls = try await pixabay.calls()
        #expect(calls.map { $0["page"] } == ["1", "2"])
        let first = try #require(calls.first)
        #expect(first["path"] == "/api/")
        #expect(first["key"] == PixabayFixture.validKey)
        #expect(first["q"] == "harbor")
        #expect(first["order"] == "popular")
        #expect(first["image_type"] == "photo")
        #expect(first["safesearch"] == "true")
        #expect(first["per_page"] == "5")
        #expect(first["lang"] == nil)
        #expect(first["user_agent"] == "viewfinder-conformance")
    }

    @Test("the request URL spells out the options, and `+` in the query stays a plus")
    func requestURL() throws {
        let options: PixabayFactory.Options = try OptionsFixture.decode([
            "api_key": "k+1", "image_type": "all", "order": "latest", "safesearch": false, "lang": "de",
        ])
        let url = try PixabayRequests.url(
            for: SearchRequest(.search("a+b c"), limit: 5), page: 2, perPage: 5, options: options)
        #expect(url.absoluteString.hasPrefix("https://pixabay.com/api/?key=k%2B1&q=a%2Bb%20c&order=latest"))
        #expect(url.absoluteString.hasSuffix("&image_type=all&safesearch=false&page=2&per_page=5&lang=de"))
        let popular = try PixabayRequests.url(
            for: SearchRequest(.popular, limit: 5), page: 1, perPage: 5, options: options)
        #expect(!popular.absoluteString.contains("q="))
        #expect(popular.absoluteString.contains("order=popular"))
    }

    @Test("per_page stays within Pixabay's 3–200: one wanted asks for 3 and gets 1")
    func perPageBounds() async throws {
        let photos = try await pixabay.search("harbor", limit: 1)
        #expect(photos.count == 1)
        #expect(try await pixabay.calls().map { $0["per_page"] } == ["3"])
        #expect(PixabayRequests.perPage(wanted: 1000, options: try pixabay.options(perPage: 200)) == 200)
        #expect(PixabayRequests.perPage(wanted: 40, options: try pixabay.options(perPage: 200)) == 40)
    }

    @Test("paging stops at totalHits (at most 500) and never asks for a page past it")
    func pagingToTheLastPage() async throws {
        let all = try await pixabay.search("landscape", limit: 1000)  // 552 photos, totalHits 500
        #expect(all.count == 500)
        #expect(Set(all.map(\.id)).count == 500)
        #expect(try await pixabay.calls().map { $0["page"] } == ["1", "2", "3"])

        let few = try await pixabay.search("harbor", limit: 1000, options: pixabay.options(perPage: 50))
        #expect(few.count == 104)
        #expect(try await pixabay.calls().count == 3 + 3)  // 50 + 50 + 4

        let none = try await pixabay.search("nothing matches this", limit: 10)
        #expect(none.isEmpty)
        #expect(try await pixabay.calls().count == 3 + 3 + 1)
    }

    @Test("past the last page Pixabay answers 400 \"page\" is out of valid range; after page 1 that ends the results")
    func pastTheLastPage() async throws {
        let past = try await pixabay.raw("key=\(PixabayFixture.validKey)&q=landscape&per_page=200&page=4")
        #expect(past.status == 400)
        #expect(String(decoding: past.body, as: UTF8.self) == "[ERROR 400] \"page\" is out of valid range.")
        #expect(past.headers["content-type"] == "text/plain; charset=utf-8")

        let reader = PixabayResponseReader(keySource: "$PIXABAY_API_KEY")
        #expect(try reader.read(past, page: 4) == nil)
        #expect(
            throws: ProviderError.rejected("Pixabay refused the search (HTTP 400: \"page\" is out of valid range.)")
        ) {
            try reader.read(past, page: 1)
        }

        // The total fell between two requests: page 2 is refused, and the search ends with page 1's photos.
        let photos = try await pixabay.search("shrinking", limit: 10, options: pixabay.options(perPage: 5))
        #expect(photos.count == 5)
        #expect(try await pixabay.calls().map { $0["page"] } == ["4", "1", "2"])
    }

    @Test("a hit becomes a Photo: contributor and profile, page, sizes, tags, counts, licence; no invented title")
    func mapping() async throws {
        let photos = try await pixabay.search("harbor", limit: 200)
        let photo = try #require(photos.first { $0.id == "1000007" })
        #expect(photo.provider == "pixabay")
        #expect(photo.title == nil && photo.description == nil && photo.takenAt == nil)
        #expect(photo.author == "user1")
        #expect(photo.attribution == "Image by user1 from Pixabay")
        #expect(photo.authorURL == URL(string: "https://pixabay.com/users/user1-500001/"))
        #expect(photo.pageURL == URL(string: "https://pixabay.com/photos/harbor-nature-landscape-1000007/"))
        #expect(photo.tags == ["harbor", "boat", "nature", "landscape"])  // "harbor,  boat, Harbor, nature, landscape,"
        #expect(photo.width == 5999 && photo.height == 4000)
        #expect(photo.popularity == Popularity(views: 7929, favorites: 31))
        #expect(photo.license == LicenseCatalog.pixabay)
        #expect(
            photo.images == [
                PhotoImage(
                    size: .thumbnail,
                    url: try #require(
                        URL(string: "https://cdn.pixabay.com/photo/2020/02/02/10/01/harbor-1000007_150.jpg")),
                    width: 150, height: 100),
                PhotoImage(
                    size: .medium, url: try #require(URL(string: "https://pixabay.com/get/gf4247a1b2c3_640.jpg")),
                    width: 640, height: 427),
                PhotoImage(
                    size: .large, url: try #require(URL(string: "https://pixabay.com/get/gf4247d4e5f6_1280.jpg"))),
            ])
        #expect(photos.allSatisfy { $0.license?.name == "Pixabay Content License" && $0.images.count == 3 })
    }

    @Test("a contributor name with a space gets an encoded profile URL; a removed contributor gets none")
    func contributors() async throws {
        let photos = try await pixabay.search("mountain", limit: 200)
        let named = try #require(photos.first { $0.id == "1000014" })
        #expect(named.author == "Anna B.")
        #expect(named.authorURL == URL(string: "https://pixabay.com/users/Anna%20B.-777/"))
        let removed = try #require(photos.first { $0.id == "1000098" })
        #expect(removed.author == nil && removed.authorURL == nil)
        #expect(removed.attribution == nil)  // no name to credit
    }

    @Test("a key with full API access adds the 1920 px image and the original with its size")
    func fullAccess() async throws {
        let photos = try await pixabay.search(
            "harbor", limit: 200, options: pixabay.options(key: PixabayFixture.fullAccessKey))
        let photo = try #require(photos.first { $0.id == "1000007" })
        #expect(photo.images.map(\.size) == [.thumbnail, .medium, .large, .original])
        #expect(photo.images[2].url.absoluteString == "https://pixabay.com/get/gf4247fullhd_1920.jpg")
        #expect(
            photo.images[3]
                == PhotoImage(
                    size: .original, url: try #require(URL(string: "https://pixabay.com/get/gf4247original.jpg")),
                    width: 5999, height: 4000))
    }

    @Test("illustrations are left out unless image_type says otherwise")
    func imageType() async throws {
        #expect(try await pixabay.search("windmill").count == 8)
        var options = try pixabay.options()
        options.imageType = "all"
        #expect(try await pixabay.search("windmill", options: options).count == 11)
        #expect(try await pixabay.calls().map { $0["image_type"] } == ["photo", "all"])
    }

    @Test("the popular feed sends no q, asks for order=popular, and comes most viewed first")
    func popular() async throws {
        let provider = try pixabay.provider()
        #expect(provider.supportsPopular)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 7))
        #expect(photos.count == 7)
        let views = photos.compactMap(\.popularity.views)
        #expect(views.count == 7 && views == views.sorted(by: >))
        let call = try #require(try await pixabay.calls().first)
        #expect(call["q"] == nil && call["order"] == "popular" && call["per_page"] == "7")
    }

    @Test("order: latest asks for the newest first")
    func latest() async throws {
        var options = try pixabay.options()
        options.order = "latest"
        let photos = try await pixabay.search("harbor", limit: 5, options: options)
        let ids = photos.compactMap { Int($0.id) }
        #expect(ids.count == 5 && ids == ids.sorted(by: >))
        #expect(try await pixabay.calls().first?["order"] == "latest")
    }

    @Test("an empty query and a limit of 0 never call the API")
    func nothingAsked() async throws {
        #expect(try await pixabay.search("   ").isEmpty)
        #expect(try await pixabay.search("harbor", limit: 0).isEmpty)
        #expect(try await pixabay.calls().isEmpty)
    }

    @Test(
        "every call is cacheable for Pixabay's 24 hours, names `key` secret and carries the deadline and the 8 MiB cap")
    func callPolicy() async throws {
        let client = RecordingHTTPClient()
        var context = PixabayFixture.context()
        context.http = client
        let deadline = ContinuousClock.now + .seconds(60)
        let provider = try pixabay.provider(context: context)
        _ = try await ProviderConformance.collect(
            provider, SearchRequest(.search("harbor"), limit: 3, deadline: deadline))
        let call = try #require(client.requests.first)
        #expect(client.requests.count == 1)
        #expect(call.cache == HTTPCachePolicy(isCacheable: true, minimumLifetime: .seconds(86_400)))
        #expect(call.secretNames.contains("key"))
        #expect(call.deadline == deadline)
        #expect(call.maxResponseBytes == HTTPRequest.apiResponseLimit)
        #expect(!call.redactedDescription.contains(PixabayFixture.validKey))
        #expect(call.redactedDescription.contains("key=***"))
    }
}
