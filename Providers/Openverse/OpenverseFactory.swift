import Foundation
import ProviderKit

/// Builds `openverse` providers: openly licensed images aggregated from Flickr, Wikimedia Commons
/// and others, through Openverse's keyless API.
public struct OpenverseFactory: ProviderFactory {
    /// The options under a `type: openverse` instance.
    public struct Options: ProviderOptions {
        /// The API base; default `https://api.openverse.org/v1`.
        public var endpoint: URL = OpenverseFactory.defaultEndpoint
        /// Results per request, 1–20 (the most Openverse serves without a token); default 20.
        public var pageSize: Int = 20
        /// Openverse's `license_type` filter, e.g. `commercial` or `modification`; any when empty.
        public var licenseType: String?
        /// Openverse's `source` filter, e.g. `flickr,wikimedia`; all sources when empty.
        public var source: String?
        /// Whether to include results Openverse marks mature; default `false`.
        public var mature: Bool = false

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case endpoint
            case pageSize = "page_size"
            case licenseType = "license_type"
            case source
            case mature
        }

        public typealias Keys = CodingKeys
    }

    /// Openverse's API base.
    public static let defaultEndpoint = URL(string: "https://api.openverse.org/v1")!

    /// Creates the factory.
    public init() {}

    public var typeName: String { "openverse" }

    public var summary: String { "openly licensed images from Flickr, Wikimedia Commons and more (no key needed)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        OpenverseProvider(name: name, options: options, context: context)
    }
}

extension OpenverseFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: OpenverseFactory.defaultEndpoint)
        pageSize = try container.decodeInteger(
            forKey: .pageSize, in: 1...20, default: 20, why: "Openverse's limit without a token")
        licenseType = try container.decodeIfPresent(String.self, forKey: .licenseType)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        mature = try container.decodeIfPresent(Bool.self, forKey: .mature) ?? false
    }
}
