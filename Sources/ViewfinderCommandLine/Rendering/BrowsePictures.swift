import Foundation
import LocalFolderProvider
import ProviderKit

/// The encoded image `browse` previews for a photo, handed to the picture drawer: a remote photo's
/// smallest image through the shared HTTP client (and its cache); a local one's embedded EXIF
/// thumbnail, else a camera RAW's smallest JPEG preview, else the file itself when small.
struct BrowsePictures: Sendable {
    let http: any HTTPClient

    /// The largest image read or fetched for a preview.
    static let maximumBytes = 16 << 20

    /// The bytes, or nil when there is nothing to show (no image, a failed fetch, a file too large).
    func encoded(for photo: Photo) async -> [UInt8]? {
        if let path = photo.fileSystemPath {
            if let thumbnail = await EmbeddedThumbnail.jpegs(atPaths: [path])[path] { return thumbnail }
            return try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in Self.readLocal(path) }
        }
        guard let url = photo.thumbnail?.url, url.scheme == "https" || url.scheme == "http" else { return nil }
        guard let response = try? await http.send(HTTPRequest(url: url, maxResponseBytes: Self.maximumBytes)),
            response.status == 200, !Task.isCancelled
        else { return nil }
        return Array(response.body)
    }

    /// A RAW's smallest preview, else the whole file when it is at most ``maximumBytes``; blocking.
    private static func readLocal(_ path: FileSystemPath) -> [UInt8]? {
        // FileBytes opens without waiting: a FIFO put in a photo's place cannot hold the thread.
        guard let file = try? FileBytes(path: path) else { return nil }
        if let preview = (try? RAWPreviews.find(in: file))?.min(by: { $0.length < $1.length }),
            preview.length <= maximumBytes
        {
            return try? file.read(preview.offset, preview.length)
        }
        guard file.size <= maximumBytes else { return nil }
        return try? file.read(0, file.size)
    }
}
