import Foundation
import ProviderKit

/// Builds Unsplash's calls: the URL (never holding the key) and the headers that carry it.
enum UnsplashRequests {
    /// Query parameters and headers whose values are secret, for redaction: the header that
    /// carries the key, and Unsplash's alternative `client_id` parameter should an endpoint hold one.
    static let secretNames: Set<String> = ["authorization", "client_id", "access_key"]

    /// The URL for one page: `/search/photos` for a search, the Editorial feed `/photos` for
    /// `popular` (Unsplash dropped its `order_by` on 2024-09-19; the feed is newest first).
    static func url(for request: SearchRequest, page: Int, perPage: Int, options: UnsplashFactory.Options) throws
        -> URL
    {
        var items = [
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(perPage)),
        ]
        let path: String
        switch request.operation {
        case .search(let text):
            path = "/search/photos"
            items.insert(URLQueryItem(name: "query", value: text), at: 0)
            items.append(URLQueryItem(name: "content_filter", value: options.contentFilter))
            if let orientation = options.orientation ?? orientation(request.filters.orientation) {
                items.append(URLQueryItem(name: "orientation", value: orientation))
            }
        case .popular:
            path = "/photos"
        }
        return try URL.apiCall(endpoint: options.endpoint, path: path, query: items, source: "Unsplash")
    }

    /// Unsplash's `orientation` for the orientation filter: `landscape`, `portrait`, `squarish`.
    ///
    /// Only a pre-filter: Unsplash does not document where `squarish` ends, so the view-model
    /// still checks the orientation on the photos' sizes. The configured `orientation` option wins.
    static func orientation(_ wanted: SearchFilters.Orientation?) -> String? {
        switch wanted {
        case .landscape: "landscape"
        case .portrait: "portrait"
        case .square: "squarish"
        case nil: nil
        }
    }

    /// The headers of every call: the key as `Client-ID`, and the API version Unsplash documents.
    static func headers(accessKey: String) -> [HTTPRequest.Header] {
        [
            HTTPRequest.Header("Authorization", "Client-ID \(accessKey.trimmingCharacters(in: .whitespaces))"),
            HTTPRequest.Header("Accept-Version", "v1"),
        ]
    }
}
