import Foundation
import ProviderKit

/// Builds `pixabay` providers: free photos under the Pixabay Content License, through Pixabay's
/// keyed API (a free key comes at once with a Pixabay account).
public struct PixabayFactory: ProviderFactory {
    /// The options under a `type: pixabay` instance.
    public struct Options: KeyedProviderOptions {
        /// The Pixabay API key (secret); shown on https://pixabay.com/api/docs/ once logged in.
        public var apiKey: String
        /// The API URL queries are sent to; default `https://pixabay.com/api/`.
        public var endpoint: URL = PixabayFactory.defaultEndpoint
        /// Results per request, 3–200 (the bounds Pixabay accepts); default 200.
        public var perPage: Int = 200
        /// Pixabay's `image_type`: `photo` (default), `illustration`, `vector` or `all`.
        public var imageType: String = "photo"
        /// The order of search results: `popular` (default, Pixabay's own) or `latest`.
        public var order: String = "popular"
        /// Pixabay's `safesearch`: only images suitable for all ages; default `true`.
        public var safeSearch: Bool = true
        /// Pixabay's `lang`: the language the search words are in (`en`, `de`, `fr`, …); Pixabay's default (`en`) when unset.
        public var language: String?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case apiKey = "api_key"
            case endpoint
            case perPage = "per_page"
            case imageType = "image_type"
            case order
            case safeSearch = "safesearch"
            case language = "lang"
        }

        public typealias Keys = CodingKeys
        public static var keyOption: CodingKeys { .apiKey }
        public var key: String { apiKey }

        static let imageTypes = ["photo", "illustration", "vector", "all"]
        static let orders = ["popular", "latest"]
        /// The languages Pixabay's documentation lists for `lang`.
        static let languages = [
            "cs", "da", "de", "en", "es", "fr", "id", "it", "hu", "nl", "no", "pl", "pt", "ro", "sk", "fi", "sv", "tr",
            "vi", "th", "bg", "ru", "el", "ja", "ko", "zh",
        ]
    }

    /// Pixabay's API URL.
    public static let defaultEndpoint = URL(string: "https://pixabay.com/api/")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "pixabay" }

    public var summary: String { "free photos under the Pixabay Content License (needs a free API key)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try options.requireKey()
        return PixabayProvider(name: name, options: options, context: context)
    }
}

extension PixabayFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiKey = try container.decodeProviderKey(forKey: .apiKey)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: PixabayFactory.defaultEndpoint)
        perPage = try container.decodeInteger(
            forKey: .perPage, in: 3...200, default: 200, why: "the bounds Pixabay accepts")
        imageType = try container.decodeChoice(
            forKey: .imageType, among: Self.imageTypes, default: "photo", what: "Pixabay image type")
        order = try container.decodeChoice(
            forKey: .order, among: Self.orders, default: "popular", what: "Pixabay order")
        safeSearch = try container.decodeIfPresent(Bool.self, forKey: .safeSearch) ?? true
        language =
            try container.decodeIfPresent(String.self, forKey: .language) == nil
            ? nil
            : try container.decodeChoice(
                forKey: .language, among: Self.languages, default: "en", what: "language Pixabay searches in")
    }
}
