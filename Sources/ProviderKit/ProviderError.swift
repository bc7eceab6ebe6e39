/// A provider's failure, in words a person can act on.
///
/// Providers throw this (or any error whose description reads well); the
/// view-model shows the description next to the provider's name.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case badData
        case notFound
        case rejected
        case unavailable
    }

    private let code: Code
    /// What went wrong and, where possible, what to do.
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The source answered with data that cannot be read.
    public static func badData(_ message: String) -> ProviderError { ProviderError(.badData, message) }
    /// Something the provider needs does not exist (a folder, an endpoint).
    public static func notFound(_ message: String) -> ProviderError { ProviderError(.notFound, message) }
    /// The source refused the request (a rejected key, a forbidden folder).
    public static func rejected(_ message: String) -> ProviderError { ProviderError(.rejected, message) }
    /// The source is down or over its limits; trying later may work.
    public static func unavailable(_ message: String) -> ProviderError { ProviderError(.unavailable, message) }

    /// Whether trying again later might succeed.
    public var isTransient: Bool { code == .unavailable }
}
