import Foundation
import LocalFolderProvider
import ProviderKit
import SearchViewModel

/// The gallery file's thumbnails for local photos: the one embedded in each file's EXIF, as a
/// `data:` URI, so the file shows them without reading the full images.
enum LocalThumbnails {
    /// The most thumbnail bytes one page carries inline (a third more as base64): a RAW's
    /// preview may be a megabyte, and a page of a thousand of them would not open.
    static let pageBudget = 16 << 20

    /// Maps each local photo's path (its bytes: a name need not be UTF-8) to its embedded
    /// thumbnail's `data:` URI, where it has one, the best-ranked first until ``pageBudget``
    /// is spent; the rest show their `file://` URL.
    static func dataURIs(for results: [RankedPhoto]) async -> [FileSystemPath: String] {
        var seen = Set<FileSystemPath>()
        let paths = results.compactMap(\.photo.fileSystemPath).filter { seen.insert($0).inserted }
        return await EmbeddedThumbnail.jpegs(atPaths: paths, budget: pageBudget).mapValues {
            "data:image/jpeg;base64," + Data($0).base64EncodedString()
        }
    }
}
