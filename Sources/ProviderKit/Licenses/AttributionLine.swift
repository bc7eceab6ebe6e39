import Foundation

/// Builds the credit line a photo's licence or source asks for, in one place for every provider.
///
/// Plain text, links in parentheses, so it reads the same in a terminal and in JSON:
/// `“Harbor” (https://…/photo) by Jane (https://…/jane) is licensed under CC BY 2.0
/// (https://creativecommons.org/licenses/by/2.0/)`. `nil` where no credit is needed (CC0, the
/// public domain) or the licence is unknown. Only addresses ``LinkRule`` would link appear: a
/// `javascript:`, `data:` or relative page URL is left out, and so is a local photo's `file:`
/// URL, so no path on the machine reaches a page, `CREDITS.md` or a sidecar through a credit.
package enum AttributionLine {
    /// The line for `photo` under its licence; `credit` is a source's own credit field (Commons'
    /// `Credit`, already plain text), added when it says more than the author.
    package static func line(for photo: Photo, credit: String? = nil) -> String? {
        guard let license = photo.license else { return nil }
        let author = photo.author?.trimmingWhitespace()
        let named = author.flatMap { $0.isEmpty ? nil : $0 }
        switch license.id {
        case LicenseCatalog.unsplash.id: return named.map { "Photo by \($0) on Unsplash" }
        case LicenseCatalog.pexels.id: return named.map { "Photo by \($0) on Pexels" }
        case LicenseCatalog.pixabay.id: return named.map { "Image by \($0) from Pixabay" }
        default: break
        }
        guard license.requiresAttribution == true else { return nil }
        return creativeCommons(photo: photo, author: named, license: license, credit: credit)
    }

    /// Creative Commons' form: “Title” by Author is licensed under CC BY 2.0, with links.
    private static func creativeCommons(photo: Photo, author: String?, license: License, credit: String?)
        -> String
    {
        var parts: [String] = []
        let title = photo.title?.trimmingWhitespace()
        if let title, !title.isEmpty {
            parts.append("“\(title)”" + linked(photo.pageURL))
        } else {
            parts.append("Photo" + linked(photo.pageURL))
        }
        if let author { parts.append("by " + author + linked(photo.authorURL)) }
        parts.append("is licensed under " + license.name + linked(license.url))
        var line = parts.joinedText(separator: " ")
        let credit = credit?.trimmingWhitespace()
        if let credit, !credit.isEmpty, credit != author { line += ". Source: " + credit }
        return line
    }

    /// ` (URL)` when `url` may be linked to (``LinkRule``), else nothing.
    private static func linked(_ url: URL?) -> String {
        LinkRule.linkable(url).map { " (\($0))" } ?? ""
    }
}

extension Photo {
    /// This photo with its attribution line set from its licence (see `AttributionLine`).
    package func attributed(credit: String? = nil) -> Photo {
        var photo = self
        photo.attribution = AttributionLine.line(for: self, credit: credit)
        return photo
    }
}
