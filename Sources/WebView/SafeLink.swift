import Foundation
import ProviderKit

/// Which addresses from a provider may become a link or an image source on a page: ProviderKit's
/// ``LinkRule``, the rule credit lines follow too (an unsafe page URL is shown as text instead).
package enum SafeLink {
    /// `url` as text when it may be linked to, else `nil`; `file:` URLs only when `allowingFiles`.
    package static func web(_ url: URL?, allowingFiles: Bool = false) -> String? {
        LinkRule.linkable(url, allowingFiles: allowingFiles)
    }
}
