import Foundation
import Logging
import ProviderKit
import ProviderTesting

@testable import FlickrProvider

/// The fake Flickr server (Tests/Fixtures/flickr_server.py) and providers pointed at it.
struct FlickrFixture {
    static let validKey = "test-key-1234"
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "flickr_server.py")
    }

    var endpoint: URL { server.url("/services/rest/") }

    func provider(
        key: String = validKey, perPage: Int = 100, endpoint: URL? = nil, logs: CapturingLogHandler.Store = .init(),
        name: String = "flickr"
    ) throws -> any PhotoProvider {
        var context = ProviderConformance.makeContext(logs: logs)
        context.optionVariables = ["api_key": ["FLICKR_API_KEY"]]
        return try FlickrFactory().makeProvider(
            name: name, options: .init(apiKey: key, endpoint: endpoint ?? self.endpoint, perPage: perPage),
            context: context)
    }

    func search(_ query: String, limit: Int = 30, key: String = validKey, perPage: Int = 100) async throws -> [Photo] {
        try await ProviderConformance.collect(
            try provider(key: key, perPage: perPage), SearchRequest(.search(query), limit: limit))
    }

    /// The API calls the server received, without their keys.
    func calls() async throws -> [[String: String]] {
        try await server.recordedCalls()
    }

    /// The paths of slow requests whose client hung up before the answer.
    func aborted() async throws -> [String] {
        try await server.abortedPaths()
    }

    /// The raw body the server sends for a query string.
    func raw(_ query: String) async throws -> HTTPResponse {
        try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/services/rest/?" + query)))
    }
}
