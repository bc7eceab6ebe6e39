/// Why an HTTP request failed, in words a person understands. URLs in messages are redacted.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: Sendable, Equatable {
        /// The host name could not be resolved.
        case cannotResolveHost
        /// Nothing accepted the connection.
        case connectionRefused
        /// The request took longer than allowed.
        case timedOut
        /// The body stopped arriving for the request's ``HTTPRequest/stallTimeout``.
        case stalled
        /// TLS could not be set up or verified.
        case tls
        /// The body was larger than the request allows.
        case responseTooLarge
        /// More redirects than allowed, or a redirect loop.
        case tooManyRedirects
        /// The connection closed before the response was complete.
        case connectionLost
        /// The file could not be written.
        case fileSystem
        /// Offline (`--offline`), and the cache holds no answer for the request.
        case offline
        /// Anything else libcurl reports.
        case other
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// The full message.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Whether the request may succeed if tried again at once (a connection problem).
    public var isRetryable: Bool { kind == .connectionRefused || kind == .connectionLost }
}
