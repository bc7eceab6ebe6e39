import ProviderKit
import SearchViewModel

/// One photo in `browse`'s list: the row view-model's words, made safe for a terminal once,
/// with the photo itself (for downloads, opening and pictures).
package struct BrowseItem: Sendable, Equatable {
    /// What keeps the selection on this photo when rows move: its provider and id.
    package let key: String
    /// The row's words (``PhotoRow``), each through ``TerminalText``.
    package let title: String
    package let author: String
    package let dimensions: String
    package let taken: String
    package let provider: String
    package let license: String
    package let place: String
    package let location: String
    /// The credit line the licence asks for, or an empty string.
    package let credit: String
    /// The photo, as its provider gave it.
    package let photo: Photo

    /// What keeps the selection on `photo`: its provider and id.
    package static func key(of photo: Photo) -> String { photo.provider + "\u{0}" + photo.id }

    /// The item for `ranked`.
    package init(_ ranked: RankedPhoto) {
        let row = PhotoRow(ranked)
        let photo = ranked.photo
        key = Self.key(of: photo)
        title = TerminalText.sanitized(row.title)
        author = TerminalText.sanitized(row.author)
        dimensions = row.dimensions
        taken = TerminalText.sanitized(row.taken)
        provider = TerminalText.sanitized(row.provider)
        license = TerminalText.sanitized(row.license)
        place = TerminalText.sanitized(row.placeDetail)
        location = TerminalText.sanitized(row.location)
        credit = TerminalText.sanitized(photo.attribution ?? AttributionLine.line(for: photo) ?? "")
        self.photo = photo
    }
}
