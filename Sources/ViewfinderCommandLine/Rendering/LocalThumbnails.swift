import Foundation
import LocalFolderProvider
import ProviderKit
import SearchViewModel

/// The gallery file's thumbnails for local photos: the one embedded in each file's EXIF, as a
/// `data:` URI, so the file shows them without reading the full images.
enum LocalThumbnails {
    /// Maps each local photo's path (its bytes: a name need not be UTF-8) to its embedded
    /// thumbnail's `data:` URI, where it has one.
    static func dataURIs(for results: [RankedPhoto]) async -> [FileSystemPath: String] {
        let paths = Array(Set(results.compactMap(\.photo.fileSystemPath)))
        return await EmbeddedThumbnail.jpegs(atPaths: paths).mapValues {
            "data:image/jpeg;base64," + Data($0).base64EncodedString()
        }
    }
}
