import Foundation
import ProviderKit

/// Builds Pexels' search and curated calls. The key goes in a header, never in the URL.
enum PexelsRequests {
    /// `{endpoint}/v1/search?query=…&page=…&per_page=…`, or `{endpoint}/v1/curated?…` without a query.
    /// In a search, `filters` add Pexels' `orientation` and `size` as pre-filters (see ``PexelsFilters``).
    static func url(
        query: String?, page: Int, perPage: Int, endpoint: URL, filters: SearchFilters = SearchFilters()
    ) throws -> URL {
        var items: [URLQueryItem] = []
        let path: String
        if let query {
            path = "/v1/search"
            items.append(URLQueryItem(name: "query", value: query))
            for (name, value) in PexelsFilters.parameters(for: filters) {
                items.append(URLQueryItem(name: name, value: value))
            }
        } else {
            path = "/v1/curated"
        }
        items += [
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(perPage)),
        ]
        return try URL.apiCall(endpoint: endpoint, path: path, query: items, source: "Pexels")
    }

    /// The API call for `url`, with the key as Pexels wants it: the bare key in `Authorization`,
    /// no scheme (a header the client hides in every log line and message).
    static func call(_ url: URL, for request: SearchRequest, apiKey: String, context: ProviderContext) -> HTTPRequest {
        HTTPRequest.apiCall(
            url, for: request, context: context,
            headers: [HTTPRequest.Header("Authorization", apiKey.trimmingCharacters(in: .whitespaces))],
            secretNames: ["authorization"])
    }
}
