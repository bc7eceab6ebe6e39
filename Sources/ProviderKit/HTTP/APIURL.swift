import Foundation

extension URL {
    /// The URL of a call to the API at `endpoint`: `path` added to the endpoint's path (one `/`
    /// between them), `items` after any query the endpoint has, and `+` written `%2B`, since
    /// many servers read a `+` in a query as a space. Throws, naming `source`, when the
    /// configured endpoint cannot hold such a call.
    public static func apiCall(
        endpoint: URL, path: String = "", query items: [URLQueryItem], source: String
    ) throws(ProviderError) -> URL {
        let problem = ProviderError.badData("`endpoint` is not a URL \(source) calls can be built on")
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { throw problem }
        if !path.isEmpty {
            var base = components.percentEncodedPath
            while base.hasSuffix("/") { base.removeLast() }
            components.percentEncodedPath = base + (path.hasPrefix("/") ? path : "/" + path)
        }
        components.queryItems = (components.queryItems ?? []) + items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw problem }
        return url
    }
}
