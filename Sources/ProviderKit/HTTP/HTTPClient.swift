import Foundation

/// The HTTP seam every network provider uses through ``ProviderContext/http``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, whatever its status; retries as its policy allows.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Streams the response body into `destination`, which appears only once the body is complete.
    func download(
        _ request: HTTPRequest, to destination: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Streams the response body into `destination` without progress reports.
    public func download(_ request: HTTPRequest, to destination: URL) async throws -> HTTPResponse {
        try await download(request, to: destination, progress: nil)
    }
}

/// An HTTP request and how patient to be with it.
public struct HTTPRequest: Sendable {
    /// A request header.
    public struct Header: Sendable, Equatable {
        /// The header's name, e.g. `Accept`.
        public var name: String
        /// The header's value.
        public var value: String

        /// Creates a header.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// `GET`, `HEAD`, `POST`, …
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Request headers, in order.
    public var headers: [Header]
    /// A request body, for `POST`.
    public var body: Data?
    /// The longest one attempt may take, start to finish.
    public var timeout: Duration
    /// The longest connecting may take.
    public var connectTimeout: Duration
    /// The largest body accepted; a larger one ends the transfer with ``HTTPClientError``.
    public var maxResponseBytes: Int
    /// How many redirects to follow.
    public var maxRedirects: Int
    /// When and how to try again.
    public var retry: RetryPolicy
    /// No attempt or wait goes past this instant, whatever the retry policy says.
    public var deadline: ContinuousClock.Instant?
    /// Query parameters and headers whose values are secret, besides ``Redaction/defaultSecretNames``.
    public var secretNames: Set<String>

    /// Creates a request; 30 s per attempt, 10 s to connect, a 32 MiB body cap, 10 redirects,
    /// and retries for `GET` and `HEAD`.
    public init(
        method: String = "GET",
        url: URL,
        headers: [Header] = [],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        connectTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = 32 << 20,
        maxRedirects: Int = 10,
        retry: RetryPolicy? = nil,
        deadline: ContinuousClock.Instant? = nil,
        secretNames: Set<String> = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.retry = retry ?? (["GET", "HEAD"].contains(method) ? .default : .never)
        self.deadline = deadline
        self.secretNames = secretNames
    }

    /// The method and URL with secret values replaced by `***`, for logs and errors.
    public var redactedDescription: String {
        "\(method) \(Redaction.redact(url, secretNames: secretNames))"
    }
}

/// An HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Response headers of the final response, with lower-cased names.
    public var headers: [String: String]
    /// The (decompressed) body; empty for downloads, whose body is in the file.
    public var body: Data
    /// The URL that answered, after redirects.
    public var url: URL?

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The start of the body as text, for error messages.
    public var bodyExcerpt: String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return body.count > 200 ? text + "…" : text
    }
}
