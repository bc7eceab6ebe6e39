import Foundation
import ProviderKit

/// Builds Commons' Action API calls: a search or a category listing as the generator, with each
/// file's `imageinfo` (URLs, size, MIME type and the few `extmetadata` fields we map).
enum CommonsRequests {
    /// Where Wikimedia's operators can learn what sends these requests.
    static let projectURL = "https://github.com/viewfinder-photos/viewfinder"

    /// The `extmetadata` fields read; asking for only these keeps each answer small.
    static let metadataFields = [
        "ObjectName", "ImageDescription", "Artist", "DateTimeOriginal", "Categories", "LicenseShortName",
        "LicenseUrl", "UsageTerms", "Credit", "AttributionRequired", "GPSLatitude", "GPSLongitude",
    ]

    /// `Viewfinder/0.1.0 (<project URL>; <contact>) libcurl/8.x`, the form Wikimedia's
    /// User-Agent policy asks for (the library as `http` names it); without it Wikimedia answers 403.
    static func userAgent(contact: String?, http: any HTTPClient) async -> String {
        let contacts = [projectURL] + [contact].compactMap { $0 }
        let library = await http.userAgentProduct().map { " " + $0 } ?? ""
        return "Viewfinder/\(ViewfinderVersion.current) (\(contacts.joinedText(separator: "; ")))" + library
    }

    /// The parameters of the first request for `query` (`nil`: the popular category).
    /// In a search, `filters` add CirrusSearch's `filew`/`fileh` keywords (``sizeKeywords(_:)``)
    /// and its `nearcoord:` keyword for a place (``placeKeywords(_:)``).
    static func parameters(
        query: String?, options: CommonsFactory.Options, filters: SearchFilters = SearchFilters()
    ) -> [(String, String)] {
        // `maxage`: MediaWiki answers `max-age=0` unless asked, and grants the lifetime to
        // successful answers only, so the HTTP cache keeps results for 10 minutes but never errors.
        var items: [(String, String)] = [
            ("action", "query"), ("format", "json"), ("formatversion", "1"), ("maxage", "600"), ("smaxage", "600"),
        ]
        if let query {
            items += [
                ("generator", "search"), ("gsrnamespace", "6"),
                (
                    "gsrsearch",
                    (["filetype:bitmap|drawing"] + sizeKeywords(filters) + placeKeywords(filters) + [query])
                        .joinedText(separator: " ")
                ),
                ("gsrlimit", String(options.pageSize)),
            ]
        } else {
            items += [
                ("generator", "categorymembers"), ("gcmtitle", options.popularCategory), ("gcmnamespace", "6"),
                ("gcmtype", "file"), ("gcmsort", "timestamp"), ("gcmdir", "desc"),
                ("gcmlimit", String(options.pageSize)),
            ]
        }
        items += [
            ("prop", "imageinfo"), ("iiprop", "url|size|mime|extmetadata"),
            ("iiurlwidth", String(options.thumbnailWidth)),
            ("iiextmetadatafilter", metadataFields.joinedText(separator: "|")),
        ]
        if let language = options.language { items.append(("iiextmetadatalanguage", language)) }
        return items
    }

    /// CirrusSearch's `filew:>N` / `fileh:>N` keywords for the minimum size, a pre-filter only
    /// (the view-model checks the size again). `>` is sent with one pixel less, so the search
    /// keeps the minimum itself whether CirrusSearch reads `>` as "more than" or "at least".
    static func sizeKeywords(_ filters: SearchFilters) -> [String] {
        var keywords: [String] = []
        if let minWidth = filters.minWidth, minWidth > 1 { keywords.append("filew:>\(minWidth - 1)") }
        if let minHeight = filters.minHeight, minHeight > 1 { keywords.append("fileh:>\(minHeight - 1)") }
        return keywords
    }

    /// CirrusSearch's `nearcoord:RADIUS,LAT,LON` for the place filter: files whose page gives a
    /// position within the radius. The view-model checks each photo's position again afterwards.
    static func placeKeywords(_ filters: SearchFilters) -> [String] {
        guard let near = filters.near else { return [] }
        let metres = Int((filters.within * 1000).rounded())
        return [String(format: "nearcoord:%dm,%.6f,%.6f", metres, near.center.latitude, near.center.longitude)]
    }

    /// The URL for `parameters` with `continuation` merged in, as MediaWiki asks: every key of
    /// the last answer's `continue` object, sent back as it came, replacing a key of the same name.
    static func url(
        _ parameters: [(String, String)], continuation: [String: String], endpoint: URL
    ) throws -> URL {
        var items = parameters.filter { continuation[$0.0] == nil }
        items += continuation.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let query = items.map { "\(encode($0.0))=\(encode($0.1))" }.joinedText(separator: "&")
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw ProviderError.badData("`endpoint` is not a URL Commons calls can be built on")
        }
        components.percentEncodedQuery = query
        components.fragment = nil
        guard let url = components.url else {
            throw ProviderError.badData("`endpoint` is not a URL Commons calls can be built on")
        }
        return url
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (`|`, `+`, `&`, spaces and
    /// `:` all encoded), so no query text can change the request's meaning.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
