import Foundation
import Logging

/// The HTTP seam every network provider uses through ``ProviderContext/http``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, whatever its status; retries as its policy allows.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Streams a 2xx response body into `sink` as it arrives (any other status keeps its body,
    /// within ``HTTPRequest/maxResponseBytes``, in the response, for its error message);
    /// the same timeouts, retries, deadline and redaction as ``send(_:)``.
    func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse

    /// The HTTP library that sends the requests, as a `User-Agent` product (`libcurl/8.14.1`),
    /// for sources whose policy asks for it (Wikimedia); `nil` when there is none to name.
    func userAgentProduct() async -> String?
}

extension HTTPClient {
    /// No library to name.
    public func userAgentProduct() async -> String? { nil }

    /// Sends the request and hands a 2xx body to `sink` whole: for clients that cannot stream.
    /// The sink works on ``BlockingExecutor``'s threads, off Swift's pool, as a streaming client's would on
    /// its own thread (it may write files).
    public func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        var response = try await send(request)
        guard response.isSuccess else { return response }
        let body = response.body
        let problem = await BlockingExecutor.shared.runReportingProblem {
            sink.restart() ?? body.withUnsafeBytes { sink.write($0) }
        }
        if let problem {
            throw HTTPClientError(.fileSystem, "\(request.redactedDescription): \(problem)")
        }
        progress?(Int64(response.body.count), Int64(response.body.count))
        response.body = Data()
        return response
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
    /// When set, the attempt fails (``HTTPClientError/Kind/stalled``) once its body arrives
    /// slower than a byte a second for this long (whole seconds; libcurl's low-speed limit): a
    /// server that sends a few bytes and then nothing would otherwise hold on for ``timeout``.
    public var stallTimeout: Duration?
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
    /// Where the client logs this request's attempts (the caller's logger: a provider passes its
    /// context's); `nil` leaves them to the logger the client was made with, if any.
    public var logger: Logger?
    /// Whether a 2xx answer still means "try again" for this API (Flickr's `stat: fail` with code
    /// 105 over HTTP 200). Such answers are retried like a 503, under the same ``retry`` policy
    /// and the same attempt count: the client is the one layer that retries.
    public var isTransientAnswer: (@Sendable (HTTPResponse) -> Bool)?
    /// How a response cache may answer this request; API calls (``apiCall(_:for:context:secretNames:)``)
    /// are cacheable, everything else is not.
    public var cache: HTTPCachePolicy

    /// Creates a request; 30 s per attempt, 10 s to connect, a 32 MiB body cap, 10 redirects,
    /// and retries for `GET` and `HEAD`.
    public init(
        method: String = "GET",
        url: URL,
        headers: [Header] = [],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        connectTimeout: Duration = .seconds(10),
        stallTimeout: Duration? = nil,
        maxResponseBytes: Int = 32 << 20,
        maxRedirects: Int = 10,
        retry: RetryPolicy? = nil,
        deadline: ContinuousClock.Instant? = nil,
        secretNames: Set<String> = [],
        logger: Logger? = nil,
        isTransientAnswer: (@Sendable (HTTPResponse) -> Bool)? = nil,
        cache: HTTPCachePolicy = .none
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.retry = retry ?? (["GET", "HEAD"].contains(method) ? .default : .never)
        self.deadline = deadline
        self.secretNames = secretNames
        self.logger = logger
        self.isTransientAnswer = isTransientAnswer
        self.cache = cache
    }

    /// The method and URL with secret values replaced by `***`, for logs and errors.
    public var redactedDescription: String {
        redactor.redact("\(method) \(Redaction.redact(url, secretNames: secretNames))")
    }

    /// Hides this request's secrets (secret query values, user info, secret headers) in any text.
    public var redactor: Redactor {
        let names = Redaction.lowercasedNames(adding: secretNames)
        var values: [String] = []
        // Most requests (every image download) have neither a query nor user info: no parsing then.
        if url.query != nil || url.user != nil || url.password != nil,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            values += (components.queryItems ?? []).filter { names.contains($0.name.lowercased()) }
                .compactMap(\.value)
            values += (components.percentEncodedQueryItems ?? []).filter { names.contains($0.name.lowercased()) }
                .compactMap(\.value)
            values += [components.user, components.password].compactMap { $0 }
        }
        for header in headers where names.contains(header.name.lowercased()) {
            values.append(header.value)
            values += header.value.split(separator: " ").dropFirst().map(String.init)  // "Bearer TOKEN"
        }
        return Redactor(secrets: values, names: secretNames)
    }
}

/// Hides one request's secrets in any text, in every form ``Redaction`` knows; it never shows them itself.
public struct Redactor: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret values (the cache checks an answer holds none before storing it).
    let secrets: [String]
    private let names: Set<String>

    /// A redactor for `secrets` (values) and `names` (query parameters whose values are secret).
    public init(secrets: [String], names: Set<String> = []) {
        self.secrets = Array(Set(secrets.filter { !$0.isEmpty }))
        self.names = names
    }

    /// Hides nothing but the values of parameters named in ``Redaction/defaultSecretNames``.
    public static let none = Redactor(secrets: [])

    /// `text` with every secret value and every secret `name=value` parameter replaced by `***`.
    public func redact(_ text: String) -> String {
        Redaction.redactQueryParameters(in: Redaction.redact(text, secrets: secrets), secretNames: names)
    }

    public var description: String { "Redactor(\(secrets.count) secrets)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// An HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    /// How many bytes of the body ``bodyExcerpt`` shows.
    public static let excerptLength = 200
    /// The status code, e.g. 200.
    public var status: Int
    /// Response headers of the final response, with lower-cased names.
    public var headers: [String: String]
    /// The (decompressed) body; empty for downloads, whose body is in the file.
    public var body: Data
    /// The URL that answered, after redirects.
    public var url: URL?
    /// Hides the request's secrets in text taken from this response (the client sets it).
    public var redactor: Redactor
    /// How many body bytes arrived (decompressed): also those of a download, which are in its
    /// file and not in ``body``.
    public var receivedLength: Int64

    /// Creates a response; `receivedLength` is the body's length unless given.
    public init(
        status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil, redactor: Redactor = .none,
        receivedLength: Int64? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redactor = redactor
        self.receivedLength = receivedLength ?? Int64(body.count)
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.url == rhs.url
    }

    /// `text` from this response (an error message a server wrote) with the request's secrets hidden.
    public func redacted(_ text: String) -> String { redactor.redact(text) }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The start of the body as text, for error messages: white space collapsed, the request's
    /// secrets and secret query parameters hidden (servers echo requests into error pages), then cut.
    public var bodyExcerpt: String {
        let window = 16 * Self.excerptLength
        var words = String(decoding: body.prefix(window), as: UTF8.self).split(whereSeparator: \.isWhitespaceASCIIFirst)
        if body.count > window, !words.isEmpty { words.removeLast() }  // it may be the start of a cut secret
        let text = redactor.redact(words.joinedText(separator: " "))
        return text.count > Self.excerptLength || body.count > window
            ? String(text.prefix(Self.excerptLength)) + "…" : text
    }
}
