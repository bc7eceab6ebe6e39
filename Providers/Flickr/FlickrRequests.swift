import Foundation
import ProviderKit

/// Builds the REST calls Flickr understands.
enum FlickrRequests {
    /// Every extra the `Photo` model can use.
    static let extras =
        "description,license,date_taken,owner_name,views,tags,geo,url_q,url_m,url_l,url_o,o_dims"

    /// Flickr answers at most the first 4,000 results of a query.
    static let resultCeiling = 4000

    /// The URL for one page of `request`.
    static func url(for request: SearchRequest, page: Int, perPage: Int, options: FlickrFactory.Options) throws -> URL {
        var items: [URLQueryItem]
        switch request.operation {
        case .search(let text):
            // Text left empty by time words sent as dates is left out: Flickr takes taken dates
            // as a limiting parameter of their own.
            let words = text.trimmingCharacters(in: .whitespaces)
            items = [URLQueryItem(name: "method", value: "flickr.photos.search")]
            if !words.isEmpty { items.append(URLQueryItem(name: "text", value: words)) }
            items += [
                URLQueryItem(name: "sort", value: options.sort),
                URLQueryItem(name: "safe_search", value: String(options.safeSearch)),
                URLQueryItem(name: "content_types", value: "0"),
                URLQueryItem(name: "media", value: "photos"),
            ]
            // With other filters, `text` stays: Flickr needs a limiting parameter besides them.
            if let ids = FlickrFilters.licenseIDs(request.filters, configured: options.license) {
                items.append(URLQueryItem(name: "license", value: ids.map(String.init).joinedText(separator: ",")))
            }
            for (name, value) in FlickrFilters.takenDateParameters(request.filters)
                + FlickrFilters.placeParameters(request.filters)
            {
                items.append(URLQueryItem(name: name, value: value))
            }
        case .popular:
            items = [URLQueryItem(name: "method", value: "flickr.interestingness.getList")]
        }
        items += [
            URLQueryItem(name: "extras", value: extras),
            URLQueryItem(name: "per_page", value: String(perPage)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "api_key", value: options.apiKey),
            URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "nojsoncallback", value: "1"),
        ]
        return try URL.apiCall(endpoint: options.endpoint, query: items, source: "Flickr")
    }
}
