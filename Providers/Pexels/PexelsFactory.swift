import Foundation
import ProviderKit

/// Builds `pexels` providers: free stock photos from Pexels through its v1 API (a free key
/// from https://www.pexels.com/api/ is needed).
public struct PexelsFactory: ProviderFactory {
    /// The options under a `type: pexels` instance.
    public struct Options: KeyedProviderOptions {
        /// The Pexels API key (secret), sent in the `Authorization` header; the instance is
        /// skipped with a note while it is empty.
        public var apiKey: String
        /// The API base; default `https://api.pexels.com` (requests go to `{endpoint}/v1/search`).
        public var endpoint: URL = PexelsFactory.defaultEndpoint
        /// Results per request, 1–80 (the most Pexels serves); default 80.
        public var perPage: Int = 80

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case apiKey = "api_key"
            case endpoint
            case perPage = "per_page"
        }

        public typealias Keys = CodingKeys
        public static var keyOption: CodingKeys { .apiKey }
        public var key: String { apiKey }
    }

    /// Pexels' API base.
    public static let defaultEndpoint = URL(string: "https://api.pexels.com")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "pexels" }

    public var summary: String { "free stock photos from Pexels, search and curated (needs a free API key)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try options.requireKey()
        return PexelsProvider(name: name, options: options, context: context)
    }
}

extension PexelsFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiKey = try container.decodeProviderKey(forKey: .apiKey)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: PexelsFactory.defaultEndpoint)
        perPage = try container.decodeInteger(
            forKey: .perPage, in: 1...80, default: 80, why: "the most Pexels serves per request")
    }
}
