import Foundation
import ProviderKit

/// Builds `picsum` providers: the photos of Lorem Picsum (https://picsum.photos), a keyless
/// list of Unsplash photos by their photographers.
public struct PicsumFactory: ProviderFactory {
    /// The options under a `type: picsum` instance.
    public struct Options: ProviderOptions {
        /// The API base; default `https://picsum.photos` (requests go to `{endpoint}/v2/list`).
        public var endpoint: URL
        /// Photos per request, 1–100 (the most Picsum serves); default 100.
        public var pageSize: Int

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case endpoint
            case pageSize = "page_size"
        }

        public typealias Keys = CodingKeys

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            endpoint = try container.decodeEndpoint(forKey: .endpoint, default: PicsumFactory.defaultEndpoint)
            pageSize = try container.decodeInteger(
                forKey: .pageSize, in: 1...100, default: 100, why: "the most Picsum serves per request")
        }
    }

    /// Picsum's API base.
    public static let defaultEndpoint = URL(string: "https://picsum.photos")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "picsum" }

    public var summary: String { "Lorem Picsum's list of Unsplash photos, by photographer (no key needed)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        PicsumProvider(name: name, options: options, context: context)
    }
}
