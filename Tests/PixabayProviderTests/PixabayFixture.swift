import Foundation
import ProviderKit
import ProviderTesting
import Synchronization

@testable import PixabayProvider

/// The fake Pixabay API (pixabay_server.py beside this file) and providers pointed at it.
struct PixabayFixture {
    /// A key shaped like Pixabay's (digits, "-", 25 hex digits), which the fake accepts.
    static let validKey = "48151623-0a1b2c3d4e5f60718293a4b5c"
    /// A key the fake treats as approved for full API access (original images).
    static let fullAccessKey = "99999999-ffeeddccbbaa9988776655443"
    let server: LoopbackServer

    init() async throws {
        server = try await LoopbackServer.start(script: "Tests/PixabayProviderTests/pixabay_server.py")
    }

    var endpoint: URL { server.url("/api/") }

    /// A context whose `api_key` came from `$PIXABAY_API_KEY`, logging into `logs`.
    static func context(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        var context = ProviderConformance.makeContext(logs: logs)
        context.optionVariables = ["api_key": ["PIXABAY_API_KEY"]]
        return context
    }

    func options(key: String = validKey, perPage: Int = 200, path: String = "/api/") throws -> PixabayFactory.Options {
        try OptionsFixture.decode(["api_key": key, "endpoint": server.url(path).absoluteString, "per_page": perPage])
    }

    func provider(
        _ options: PixabayFactory.Options? = nil, context: ProviderContext = PixabayFixture.context(),
        name: String = "pixabay"
    ) throws -> any PhotoProvider {
        try PixabayFactory().makeProvider(name: name, options: options ?? self.options(), context: context)
    }

    func search(_ query: String, limit: Int = 50, options: PixabayFactory.Options? = nil) async throws -> [Photo] {
        try await ProviderConformance.collect(try provider(options), SearchRequest(.search(query), limit: limit))
    }

    /// The calls the server received: each one's query parameters, `path` and `user_agent`.
    func calls() async throws -> [[String: String]] {
        try await server.recordedCalls()
    }

    /// The paths of slow requests whose client hung up before the answer.
    func aborted() async throws -> [String] {
        try await server.abortedPaths()
    }

    /// What the server answers a query string, unread, in one attempt.
    func raw(_ query: String) async throws -> HTTPResponse {
        try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/api/?" + query), retry: .never))
    }
}

/// Passes every request on to a real client, keeping a copy of each.
final class RecordingHTTPClient: HTTPClient {
    private let client = CurlHTTPClient(userAgent: "recording")
    private let recorded = RecordedRequests()

    var requests: [HTTPRequest] { recorded.all }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.append(request)
        return try await client.send(request)
    }

    func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        recorded.append(request)
        return try await client.stream(request, into: sink, progress: progress)
    }
}

/// The requests a ``RecordingHTTPClient`` saw.
final class RecordedRequests: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    var all: [HTTPRequest] { requests.withLock { $0 } }

    func append(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }
}
