/// How a response cache may answer a request.
public struct HTTPCachePolicy: Sendable, Equatable {
    /// Whether the answer may be stored and reused at all.
    public var isCacheable: Bool
    /// Keep a stored answer fresh at least this long, whatever the server's headers say, where a
    /// source's terms ask for it (Pixabay: 24 hours).
    public var minimumLifetime: Duration?

    /// Creates a policy.
    public init(isCacheable: Bool, minimumLifetime: Duration? = nil) {
        self.isCacheable = isCacheable
        self.minimumLifetime = minimumLifetime
    }

    /// Never stored nor answered from a cache.
    public static let none = HTTPCachePolicy(isCacheable: false)
    /// Stored and reused as the server's `Cache-Control`, `ETag` and `Last-Modified` allow.
    public static let standard = HTTPCachePolicy(isCacheable: true)
}
