import Foundation
import LocalFolderProvider
import ProviderKit

/// The encoded image `browse` shows for a photo, handed to the picture drawer. For the preview, a
/// remote photo's smallest image through the shared HTTP client (and its cache); a local one's
/// embedded EXIF thumbnail, else a camera RAW's smallest JPEG preview, else the file itself when
/// small. For the full-screen view (`large`), the largest there is: a remote photo's largest size
/// short of the original (the original when it is all there is); a local photo's file itself (a
/// JPEG is decoded at the screen's size by libjpeg-turbo's DCT scaling, so 24 megapixels cost
/// little), a RAW's largest preview.
struct BrowsePictures: Sendable {
    let http: any HTTPClient

    /// An image's bytes and the EXIF orientation (1–8) its pixels are to be turned by.
    struct Encoded: Sendable, Equatable {
        var bytes: [UInt8]
        /// A local photo's orientation (an embedded thumbnail or a RAW's preview is stored as the
        /// photo's sensor rows are, as the photo itself); 1 for a remote image, which its source
        /// serves upright.
        var orientation: Int = 1
    }

    /// The largest image read or fetched for a preview.
    static let maximumBytes = 16 << 20
    /// The largest read or fetched for the full-screen view (the decoder's pixel limit still holds).
    static let maximumLargeBytes = 64 << 20

    /// The bytes, or nil when there is nothing to show (no image, a failed fetch, a file too large).
    func encoded(for photo: Photo, large: Bool = false) async -> Encoded? {
        if let path = photo.fileSystemPath {
            if !large, let thumbnail = await EmbeddedThumbnail.jpegs(atPaths: [path])[path] {
                let orientation = try? await BlockingExecutor.shared.run { _ in Self.orientation(of: path) }
                return Encoded(bytes: thumbnail, orientation: orientation ?? 1)
            }
            return try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
                Self.readLocal(path, large: large)
            }
        }
        let image = large ? Self.largeImage(of: photo) : photo.thumbnail
        guard let url = image?.url, url.scheme == "https" || url.scheme == "http" else { return nil }
        let limit = large ? Self.maximumLargeBytes : Self.maximumBytes
        guard let response = try? await http.send(HTTPRequest(url: url, maxResponseBytes: limit)),
            response.status == 200, !Task.isCancelled
        else { return nil }
        return Encoded(bytes: Array(response.body))
    }

    /// The largest image short of the original, else the original.
    static func largeImage(of photo: Photo) -> PhotoImage? {
        photo.images.filter { $0.size < .original }.max { $0.size < $1.size } ?? photo.largestImage
    }

    /// A RAW's smallest preview (its largest when `large`), else the whole file within its limit,
    /// with the photo's orientation; blocking.
    private static func readLocal(_ path: FileSystemPath, large: Bool) -> Encoded? {
        // FileBytes opens without waiting: a FIFO put in a photo's place cannot hold the thread.
        guard let file = try? FileBytes(path: path) else { return nil }
        let limit = large ? maximumLargeBytes : maximumBytes
        let previews = (try? RAWPreviews.find(in: file)) ?? []
        let preview =
            large ? RAWPreviews.forFullScreen(previews) : previews.min { $0.length < $1.length }
        let bytes: [UInt8]?
        if let preview, preview.length <= limit {
            bytes = try? file.read(preview.offset, preview.length)
        } else {
            bytes = file.size <= limit ? try? file.read(0, file.size) : nil
        }
        return bytes.map { Encoded(bytes: $0, orientation: orientation(of: path)) }
    }

    /// The EXIF orientation of the photo at `path` (its metadata, read as the index reads it), 1
    /// when it has none or cannot be read; blocking.
    static func orientation(of path: FileSystemPath) -> Int {
        guard let orientation = try? ImageInspector.inspect(path: path).orientation, (1...8).contains(orientation)
        else { return 1 }
        return orientation
    }
}
