import Foundation
import ProviderKit

/// Builds `commons` providers: freely licensed photos and drawings on Wikimedia Commons, through
/// the MediaWiki Action API, with no key.
public struct CommonsFactory: ProviderFactory {
    /// The options under a `type: commons` instance.
    public struct Options: ProviderOptions {
        /// The wiki's `api.php`; default `https://commons.wikimedia.org/w/api.php`.
        public var endpoint: URL = CommonsFactory.defaultEndpoint
        /// Files per request, 1–50 (MediaWiki scales at most 50 thumbnails per request); default 50.
        public var pageSize: Int = 50
        /// The width of the preview image Commons scales for each file, 20–3840 px; default 330
        /// (one of the widths Wikimedia keeps ready; other widths may be throttled).
        public var thumbnailWidth: Int = 330
        /// The category `popular` lists, newest additions first; default
        /// `Category:Featured_pictures_on_Wikimedia_Commons`.
        public var popularCategory: String = CommonsFactory.defaultPopularCategory
        /// The language descriptions and licence names are asked in (`iiextmetadatalanguage`), e.g.
        /// `de`; the wiki's own (English) when empty. Files without text in it fall back to English.
        public var language: String?
        /// An e-mail address or URL added to the `User-Agent`, so Wikimedia can reach whoever runs
        /// a busy instance (their User-Agent policy asks for contact details); none when empty.
        public var contact: String?

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case endpoint
            case pageSize = "page_size"
            case thumbnailWidth = "thumbnail_width"
            case popularCategory = "popular_category"
            case language
            case contact
        }

        public typealias Keys = CodingKeys
    }

    /// Wikimedia Commons' Action API.
    public static let defaultEndpoint = URL(string: "https://commons.wikimedia.org/w/api.php")!

    /// The category of Commons' featured pictures, chosen by community vote.
    public static let defaultPopularCategory = "Category:Featured_pictures_on_Wikimedia_Commons"

    /// Creates the factory.
    public init() {}

    public var typeName: String { "commons" }

    public var summary: String { "freely licensed photos and drawings on Wikimedia Commons (no key needed)" }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        CommonsProvider(name: name, options: options, context: context)
    }
}

extension CommonsFactory.Options {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        endpoint = try container.decodeEndpoint(forKey: .endpoint, default: CommonsFactory.defaultEndpoint)
        pageSize = try container.decodeInteger(
            forKey: .pageSize, in: 1...50, default: 50, why: "MediaWiki scales at most 50 thumbnails a request")
        thumbnailWidth = try container.decodeInteger(forKey: .thumbnailWidth, in: 20...3840, default: 330)
        let category = try container.decodeIfPresent(String.self, forKey: .popularCategory).nonBlank
        popularCategory = category ?? CommonsFactory.defaultPopularCategory
        language = try container.decodeIfPresent(String.self, forKey: .language).nonBlank
        if let language,
            language.count > 20 || !language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            throw DecodingError.dataCorruptedError(
                forKey: .language, in: container,
                debugDescription: "`\(language)` is not a language code such as `en`, `de` or `pt-br`")
        }
        contact = try container.decodeIfPresent(String.self, forKey: .contact).nonBlank
        if let contact, contact.contains(where: { $0.isNewline || $0 == "(" || $0 == ")" }) {
            throw DecodingError.dataCorruptedError(
                forKey: .contact, in: container,
                debugDescription: "must be one line without parentheses (it goes into the User-Agent header)")
        }
    }
}
