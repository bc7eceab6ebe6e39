import Foundation
import ProviderKit

/// Builds `unsplash` providers: Unsplash's free photo search (`/search/photos`) and its Editorial
/// feed (`/photos`) for `viewfinder popular`, with an access key from unsplash.com/developers.
public struct UnsplashFactory: ProviderFactory {
    /// The options under a `type: unsplash` instance.
    public struct Options: KeyedProviderOptions {
        /// The application's access key (secret), sent only in the `Authorization` header.
        public var accessKey: String
        /// The API base; default `https://api.unsplash.com` (requests go to `{endpoint}/search/photos`).
        public var endpoint: URL = UnsplashFactory.defaultEndpoint
        /// Results per request, 1–30 (the most Unsplash serves); default 30.
        public var perPage: Int = 30
        /// Unsplash's `content_filter`: `low` (default) or `high` (stricter about unsafe content).
        public var contentFilter: String = "low"
        /// Unsplash's `orientation` filter: `landscape`, `portrait` or `squarish`; any when absent.
        public var orientation: String?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case accessKey = "access_key"
            case endpoint
            case perPage = "per_page"
            case contentFilter = "content_filter"
            case orientation
        }

        public typealias Keys = CodingKeys
        public static var keyOption: CodingKeys { .accessKey }
        public var key: String { accessKey }

        static let contentFilters = ["low", "high"]
        static let orientations = ["landscape", "portrait", "squarish"]
    }

    /// Unsplash's API base.
    public static let defaultEndpoint = URL(string: "https://api.unsplash.com")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "unsplash" }

    public var summary: String { "free photos from Unsplash and its Editorial feed (needs a free access key)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try options.requireKey()
        return UnsplashProvider(name: name, options: options, context: context)
    }
}

extension UnsplashFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessKey = try container.decodeProviderKey(forKey: .accessKey)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: UnsplashFactory.defaultEndpoint)
        perPage = try container.decodeInteger(
            forKey: .perPage, in: 1...30, default: 30, why: "the most Unsplash serves in one page")
        contentFilter = try container.decodeChoice(
            forKey: .contentFilter, among: Self.contentFilters, default: "low", what: "Unsplash content filter")
        if container.contains(.orientation) {
            orientation = try container.decodeChoice(
                forKey: .orientation, among: Self.orientations, default: "landscape",
                what: "Unsplash orientation")
        } else {
            orientation = nil
        }
    }
}
