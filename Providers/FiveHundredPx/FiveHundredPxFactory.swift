import Foundation
import ProviderKit

/// Builds `500px` providers: 500px's v1 API (`/photos` features and `/photos/search`).
///
/// 500px closed its public API to new developers in 2018; this serves holders of
/// existing consumer keys and compatible services set through `endpoint`.
public struct FiveHundredPxFactory: ProviderFactory {
    /// The options under a `type: 500px` instance.
    public struct Options: KeyedProviderOptions {
        /// The 500px consumer key (secret).
        public var consumerKey: String
        /// The API base; default `https://api.500px.com/v1`.
        public var endpoint: URL = FiveHundredPxFactory.defaultEndpoint
        /// The feed for `popular`: `popular` (default), `highest_rated`, `upcoming`, `editors`, `fresh_today`, …
        public var feature: String = "popular"
        /// 500px's size id for thumbnails; default 3 (280×280).
        public var thumbnailSize: Int = 3
        /// 500px's size id for the large image; default 4 (900 px on the long side).
        public var imageSize: Int = 4
        /// Category names to leave out; default `Nude`.
        public var exclude: [String] = ["Nude"]
        /// The feed's `sort`; default `rating`.
        public var sort: String = "rating"
        /// Results per request, 1–100; default 100.
        public var rpp: Int = 100
        /// Whether photos 500px marks NSFW are kept; default `false`.
        public var includeNSFW: Bool = false

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case consumerKey = "consumer_key"
            case endpoint
            case feature
            case thumbnailSize = "thumbnail_size"
            case imageSize = "image_size"
            case exclude
            case sort
            case rpp
            case includeNSFW = "include_nsfw"
        }

        public typealias Keys = CodingKeys
        public static var keyOption: CodingKeys { .consumerKey }
        public var key: String { consumerKey }

        static let features = [
            "popular", "highest_rated", "upcoming", "editors", "fresh_today", "fresh_yesterday", "fresh_week",
        ]
        static let sorts = [
            "rating", "highest_rating", "times_viewed", "votes_count", "favorites_count", "comments_count",
            "created_at", "taken_at",
        ]
    }

    /// 500px's v1 API base.
    public static let defaultEndpoint = URL(string: "https://api.500px.com/v1")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "500px" }

    public var summary: String { "500px popular feeds and search (needs a consumer key; API closed to new keys)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try options.requireKey()
        return FiveHundredPxProvider(name: name, options: options, context: context)
    }
}

extension FiveHundredPxFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        consumerKey = try container.decodeProviderKey(forKey: .consumerKey)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: FiveHundredPxFactory.defaultEndpoint)
        feature = try container.decodeChoice(
            forKey: .feature, among: Self.features, default: "popular", what: "500px feature")
        thumbnailSize = try container.decodeIfPresent(Int.self, forKey: .thumbnailSize) ?? 3
        imageSize = try container.decodeIfPresent(Int.self, forKey: .imageSize) ?? 4
        for (key, size) in [(CodingKeys.thumbnailSize, thumbnailSize), (.imageSize, imageSize)]
        where FiveHundredPxSizes.all[size] == nil {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "`\(size)` is not a 500px size id; use one of \(FiveHundredPxSizes.ids)")
        }
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? ["Nude"]
        if let unknown = exclude.first(where: { FiveHundredPxCategories.id(named: $0) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: .exclude, in: container,
                debugDescription: "`\(unknown)` is not a 500px category; use names such as Nude, Landscapes, Street"
            )
        }
        sort = try container.decodeChoice(forKey: .sort, among: Self.sorts, default: "rating", what: "500px sort")
        rpp = try container.decodeInteger(forKey: .rpp, in: 1...100, default: 100)
        includeNSFW = try container.decodeIfPresent(Bool.self, forKey: .includeNSFW) ?? false
    }
}
