import Foundation
import ProviderKit

/// Builds Pexels' search and curated calls. The key goes in a header, never in the URL.
enum PexelsRequests {
    static func url(for request: SearchRequest, page: Int, perPage: Int, endpoint: URL) throws -> URL {
        var items: [URLQueryItem] = []
        let path: String
        switch request.operation {
        case .search(let query):
            path = "/v1/search"
            items.append(URLQueryItem(name: "query", value: query))
        case .popular:
            path = "/v1/curated"
        }
        items += [
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(perPage)),
        ]
        var base = endpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + path) else {
            throw ProviderError.badData("`endpoint` is not a URL Pexels calls can be built on")
        }
        components.queryItems = items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw ProviderError.badData("`endpoint` is not a URL Pexels calls can be built on")
        }
        return url
    }

    /// The `Authorization` header Pexels wants: the bare key, no scheme.
    static func authorization(_ apiKey: String) -> HTTPRequest.Header {
        HTTPRequest.Header("Authorization", apiKey.trimmingCharacters(in: .whitespaces))
    }
}
