import Foundation
import ProviderKit

/// Builds Openverse's image search calls.
enum OpenverseRequests {
    static func url(
        query: String, page: Int, options: OpenverseFactory.Options, filters: SearchFilters = SearchFilters()
    ) throws -> URL {
        var items = [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "page_size", value: String(options.pageSize)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "mature", value: options.mature ? "true" : "false"),
        ]
        for (name, value) in OpenverseFilters.parameters(for: filters, configuredLicenseType: options.licenseType) {
            items.append(URLQueryItem(name: name, value: value))
        }
        if let source = options.source { items.append(URLQueryItem(name: "source", value: source)) }
        return try URL.apiCall(endpoint: options.endpoint, path: "/images/", query: items, source: "Openverse")
    }
}
