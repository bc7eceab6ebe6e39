import Foundation
import ProviderKit

/// The keys under which one photo may be recognised when two providers (or two pages) send it.
enum CanonicalKey {
    /// The photo's identity within its provider instance, and its canonical page URL when it has one.
    static func keys(for photo: Photo) -> [String] {
        var keys = ["id:\(photo.provider):\(photo.id)"]
        if let url = photo.pageURL, let canonical = canonicalURL(url) { keys.append("url:\(canonical)") }
        return keys
    }

    /// A page URL reduced to what identifies the page: `http` and `https`, `www.`, letter case of
    /// the host, a trailing slash and the fragment do not make two pages different.
    static func canonicalURL(_ url: URL) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        if components.scheme?.lowercased() == "file" { return "file:" + url.standardizedFileURL.path }
        guard var host = components.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.fragment = nil
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return host + path + query
    }
}
