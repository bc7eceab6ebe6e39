import Foundation
import ProviderKit
import Synchronization

/// An HTTP client that notes the last answer (status and headers) and the last failure of the
/// requests sent through it, for `providers --check` to say what the server said: the one behind
/// it has already retried what it retries.
final class WatchingHTTPClient: HTTPClient {
    /// What the server last said, or why nothing was heard.
    struct Seen: Sendable {
        var status: Int?
        var headers: [String: String] = [:]
        var failure: HTTPClientError?
    }

    private let wrapped: any HTTPClient
    private let last = Mutex(Seen())

    init(wrapping wrapped: any HTTPClient) { self.wrapped = wrapped }

    /// What was last heard.
    var seen: Seen { last.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await watch { try await wrapped.send(request) }
    }

    func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        try await watch { try await wrapped.stream(request, into: sink, progress: progress) }
    }

    func userAgentProduct() async -> String? { await wrapped.userAgentProduct() }

    private func watch(_ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            let response = try await body()
            last.withLock { $0 = Seen(status: response.status, headers: response.headers) }
            return response
        } catch let failure as HTTPClientError {
            last.withLock { $0 = Seen(failure: failure) }
            throw failure
        }
    }
}
