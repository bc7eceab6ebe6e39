import Foundation
import ProviderKit

/// Which addresses from a provider may become a link or an image source on a page: ProviderKit's
/// ``LinkRule``, the rule credit lines follow too (an unsafe page URL is shown as text instead).
package enum SafeLink {
    /// `url` as text when it may be linked to, else `nil`; `file:` URLs only when `allowingFiles`.
    package static func web(_ url: URL?, allowingFiles: Bool = false) -> String? {
        LinkRule.linkable(url, allowingFiles: allowingFiles)
    }

    /// A local photo's image as `serve` shows it, `/local/<id>` (``WebServer/served(_:ids:)``);
    /// `nil` for anything else.
    package static func servedLocal(_ url: URL?) -> String? {
        guard let url, url.scheme == nil, url.host == nil else { return nil }
        let text = url.relativeString
        var id = text.dropFirst("/local/".count)
        if id.hasSuffix(LocalPhotoResponse.gridSuffix) { id = id.dropLast(LocalPhotoResponse.gridSuffix.count) }
        guard text.hasPrefix("/local/"), !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return text
    }
}
