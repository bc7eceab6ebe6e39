import Foundation
import ProviderKit

/// Builds `flickr` providers: Flickr's REST API (`flickr.photos.search`, `flickr.interestingness.getList`).
public struct FlickrFactory: ProviderFactory {
    /// The options under a `type: flickr` instance.
    public struct Options: KeyedProviderOptions {
        /// The Flickr API key (secret).
        public var apiKey: String
        /// The REST endpoint; default `https://api.flickr.com/services/rest/`.
        public var endpoint: URL = FlickrFactory.defaultEndpoint
        /// Flickr's `sort`: `relevance` (default), `interestingness-desc`, `date-taken-desc`, …
        public var sort: String = "relevance"
        /// `safe_search`: 1 safe (default), 2 moderate, 3 restricted.
        public var safeSearch: Int = 1
        /// Licence ids (0–16) to restrict results to; empty for any.
        public var license: [Int] = []
        /// Results per request, 1–500; default 100.
        public var perPage: Int = 100

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case apiKey = "api_key"
            case endpoint
            case sort
            case safeSearch = "safe_search"
            case license
            case perPage = "per_page"
        }

        public typealias Keys = CodingKeys
        public static var keyOption: CodingKeys { .apiKey }
        public var key: String { apiKey }

        static let sorts = [
            "relevance", "interestingness-desc", "interestingness-asc", "date-posted-desc", "date-posted-asc",
            "date-taken-desc", "date-taken-asc",
        ]
    }

    /// Flickr's REST endpoint.
    public static let defaultEndpoint = URL(string: "https://api.flickr.com/services/rest/")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "flickr" }

    public var summary: String { "Flickr photo search and interestingness (needs an API key)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try options.requireKey()
        return FlickrProvider(name: name, options: options, context: context)
    }
}

extension FlickrFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiKey = try container.decodeProviderKey(forKey: .apiKey)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: FlickrFactory.defaultEndpoint)
        sort = try container.decodeChoice(
            forKey: .sort, among: Self.sorts, default: "relevance", what: "Flickr sort")
        safeSearch = try container.decodeInteger(
            forKey: .safeSearch, in: 1...3, default: 1, why: "1 safe, 2 moderate, 3 restricted")
        license = try container.decodeIfPresent([Int].self, forKey: .license) ?? []
        guard license.allSatisfy({ FlickrLicenses.all[$0] != nil }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .license, in: container, debugDescription: "Flickr licence ids run from 0 to 16")
        }
        perPage = try container.decodeInteger(forKey: .perPage, in: 1...500, default: 100)
    }
}
