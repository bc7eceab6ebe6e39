import Foundation

/// Which addresses from a provider may be shown as a link: on a page, and in a credit line.
///
/// Everything a provider sends is untrusted: only http(s) URLs with a host pass, so a
/// `javascript:`, `data:` or relative "page URL" is never linked, and a `file:` URL (a local
/// photo's path) never leaves the machine in a credit. `file:` URLs pass only where the caller
/// allows them: in the gallery file, for local photos.
package enum LinkRule {
    /// `url` as text when it may be linked to, else `nil`.
    package static func linkable(_ url: URL?, allowingFiles: Bool = false) -> String? {
        guard let url, let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { return nil }
        case "file" where allowingFiles:
            guard url.path.hasPrefix("/") else { return nil }
        default:
            return nil
        }
        let text = url.absoluteString
        // A control character or a space cannot be in a well-formed URL; refuse rather than guess.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else { return nil }
        return text
    }
}
