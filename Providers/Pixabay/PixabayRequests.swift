import Foundation
import ProviderKit

/// Builds Pixabay's image search calls: `GET {endpoint}?key=…&q=…&page=…&per_page=…`.
enum PixabayRequests {
    /// Pixabay serves at most the first 500 hits of a query (`totalHits`), so paging ends there.
    static let resultCeiling = 500
    /// The fewest and most results one request may ask for; Pixabay answers HTTP 400 outside.
    static let perPageBounds = 3...200
    /// The longest search text Pixabay accepts.
    static let maxQueryLength = 100
    /// The query parameter holding the key, hidden in every log and message.
    static let secretNames: Set<String> = ["key"]

    /// The page size to ask for when `wanted` results are wanted: no more than needed, within Pixabay's bounds.
    static func perPage(wanted: Int, options: PixabayFactory.Options) -> Int {
        min(max(min(options.perPage, wanted), perPageBounds.lowerBound), perPageBounds.upperBound)
    }

    /// The URL for page `page` of `request`: a text search in the configured order, or the popular feed.
    static func url(
        for request: SearchRequest, page: Int, perPage: Int, options: PixabayFactory.Options
    ) throws -> URL {
        var items = [URLQueryItem(name: "key", value: options.apiKey)]
        switch request.operation {
        case .search(let text):
            items += [
                URLQueryItem(name: "q", value: text.trimmingCharacters(in: .whitespacesAndNewlines)),
                URLQueryItem(name: "order", value: options.order),
            ]
        case .popular:
            items.append(URLQueryItem(name: "order", value: "popular"))
        }
        items += [
            URLQueryItem(name: "image_type", value: options.imageType),
            URLQueryItem(name: "safesearch", value: options.safeSearch ? "true" : "false"),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(perPage)),
        ]
        if let language = options.language { items.append(URLQueryItem(name: "lang", value: language)) }
        for (name, value) in PixabayFilters.parameters(for: request.filters) {
            items.append(URLQueryItem(name: name, value: value))
        }
        return try URL.apiCall(endpoint: options.endpoint, query: items, source: "Pixabay")
    }
}
