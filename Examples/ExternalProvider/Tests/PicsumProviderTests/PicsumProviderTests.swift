import Foundation
import PicsumProvider
import ProviderKit
import ProviderTesting
import Testing

/// The Picsum provider against a fake Picsum that speaks its list API, through Viewfinder's
/// conformance suite and its own checks.
@Suite("Picsum provider")
struct PicsumProviderTests {
    let server: LoopbackServer

    init() async throws {
        let script = try #require(Bundle.module.url(forResource: "picsum_server", withExtension: "py"))
        server = try LoopbackServer(scriptAt: script)
    }

    func provider(name: String = "picsum", path: String = "", pageSize: Int = 100, context: ProviderContext) throws
        -> any PhotoProvider
    {
        let options: PicsumFactory.Options = try OptionsFixture.decode([
            "endpoint": server.url(path).absoluteString, "page_size": pageSize,
        ])
        return try PicsumFactory().makeProvider(name: name, options: options, context: context)
    }

    @Test("passes Viewfinder's conformance suite")
    func conformance() async throws {
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "paul jarvis", available: 50,
                makeProvider: { name, context in try provider(name: name, pageSize: 30, context: context) },
                makeBrokenProvider: { name, context in try provider(name: name, path: "/broken", context: context) },
                makeSlowProvider: { name, context in try provider(name: name, path: "/slow", context: context) },
                slowSourceWasAbandoned: {
                    String(decoding: try await server.body(of: "/stats"), as: UTF8.self).contains("/slow/v2/list")
                }))
    }

    @Test("a search keeps the photographer's photos, each with its Unsplash page, a thumbnail and the licence")
    func searchByPhotographer() async throws {
        let photos = try await ProviderConformance.collect(
            try provider(context: ProviderConformance.makeContext()), SearchRequest(.search("Escamilla"), limit: 10))
        #expect(photos.count == 10)
        #expect(photos.allSatisfy { $0.author == "Alejandro Escamilla" })
        let first = try #require(photos.first)
        #expect(first.pageURL?.absoluteString == "https://unsplash.com/photos/fake0")
        #expect(first.thumbnail?.url.absoluteString == "https://picsum.photos/id/0/400/266")
        #expect(first.license?.id == "unsplash")
    }

    @Test("the popular feed is the list in Picsum's order, across pages")
    func popularFeed() async throws {
        let photos = try await ProviderConformance.collect(
            try provider(pageSize: 30, context: ProviderConformance.makeContext()), SearchRequest(.popular, limit: 45))
        #expect(photos.map(\.id) == (0..<45).map(String.init))
    }
}
