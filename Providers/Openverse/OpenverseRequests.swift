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
        var base = options.endpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + "/images/") else {
            throw ProviderError.badData("`endpoint` is not a URL Openverse calls can be built on")
        }
        components.queryItems = items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw ProviderError.badData("`endpoint` is not a URL Openverse calls can be built on")
        }
        return url
    }
}
