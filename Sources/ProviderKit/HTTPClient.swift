import Foundation

/// The HTTP seam every network provider uses through ``ProviderContext/http``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// An HTTP request.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD`, `POST`, …
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Request headers, in order.
    public var headers: [(name: String, value: String)] {
        get { headerPairs.map { ($0.name, $0.value) } }
        set { headerPairs = newValue.map { HeaderPair(name: $0.name, value: $0.value) } }
    }
    /// A request body, for `POST`.
    public var body: Data?
    /// The longest the whole transfer may take.
    public var timeout: Duration
    /// The largest body accepted; a larger one ends the transfer with an error.
    public var maxResponseBytes: Int

    private var headerPairs: [HeaderPair]

    private struct HeaderPair: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// Creates a request; a 30-second timeout and a 32 MiB body cap by default.
    public init(
        method: String = "GET",
        url: URL,
        headers: [(name: String, value: String)] = [],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        maxResponseBytes: Int = 32 << 20
    ) {
        self.method = method
        self.url = url
        self.headerPairs = headers.map { HeaderPair(name: $0.name, value: $0.value) }
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// An HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Response headers with lower-cased names.
    public var headers: [String: String]
    /// The (decompressed) body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
