import Foundation
import Hummingbird
import NIOPosix
import ProviderKit

/// Where the JPEG preview a camera RAW embeds lies in it (offset, length): what `serve` sends in
/// the RAW's place, since no browser shows RAW data; `nil` for a file that has none.
package typealias LocalRAWPreview = @Sendable (FileBytes) -> (offset: Int, length: Int)?

/// `GET /local/<id>`: the file behind an id the server issued, as an image; 404 otherwise.
///
/// The file is opened once, checked through that descriptor (a regular file, not through a
/// link, an image by its first bytes, not too large) and streamed from the same descriptor in
/// chunks: a link put in the file's place after the check is never followed, and a page of
/// large local photos (panoramas, TIFFs) asked for at once is never held in memory. Opening
/// and reading run on NIO's blocking pool (a fixed set of threads, as Hummingbird's file I/O
/// uses): a page asking for a hundred photos never starts a hundred threads.
enum LocalPhotoResponse {
    /// The largest file served.
    static let maximumSize = 200 << 20
    /// How much is read from the file at a time.
    static let chunkSize = 256 << 10

    /// Ends the id of a photo's grid image (`/local/<id>-grid`): a camera RAW's grid preview
    /// (``RAWPreviews``' smallest at least 256 px wide); for any other file, a redirect to the
    /// photo itself, so the full-screen view reuses the bytes the grid fetched.
    static let gridSuffix = "-grid"

    static func make(
        id: String, ids: LocalPhotoIDs, slots: Slots, rawPreview: LocalRAWPreview? = nil,
        rawGridPreview: LocalRAWPreview? = nil
    ) async -> Response {
        let isGrid = id.hasSuffix(gridSuffix)
        let photoID = isGrid ? String(id.dropLast(gridSuffix.count)) : id
        guard let path = ids.path(for: photoID) else { return notFound() }
        guard slots.take() else { return busy() }
        // The slot is the open file's: given back when it closes (response sent, cut off, or never sent).
        guard
            let file = try? await NIOThreadPool.singleton.runIfActive({
                OpenImageFile(path, slots: slots, rawPreview: isGrid ? rawGridPreview : rawPreview)
            }) ?? nil
        else {
            slots.give()
            return notFound()
        }
        if isGrid, !file.isPreview {
            return Response(
                status: .seeOther,
                headers: [.location: "/local/\(photoID)", .cacheControl: "private, max-age=3600"])
        }
        return Response(
            status: .ok, headers: [.contentType: file.type, .cacheControl: "private, max-age=3600"],
            body: ResponseBody(contentLength: file.size) { writer in
                var offset = 0
                while offset < file.size {
                    let start = offset
                    let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(at: start) }
                    offset += chunk.count
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.finish(nil)
            })
    }

    static func busy() -> Response {
        Response(
            status: .serviceUnavailable,
            headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "1"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Too many photos are being sent at once; try again.\n")))
    }

    static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found.\n")))
    }
}

/// A local image opened for serving; closed, and its slot given back, when the response that
/// streams it is gone, whether it was sent whole, cut off by the browser, or never sent.
private final class OpenImageFile: Sendable {
    let descriptor: Int32
    let type: String
    /// Where the bytes sent start in the file (past 0 for a RAW's preview), and how many.
    let start: Int
    /// Whether the bytes sent are a RAW's JPEG preview.
    var isPreview: Bool { type == "image/jpeg" && start > 0 }
    let size: Int
    let slots: Slots

    /// Opens and checks `path` (however deep: ``FileSystemPath/open(_:_:)``): not through a
    /// link, not a FIFO or device (which could block or never end), not empty or too large, and
    /// an image of a format the folder listing shows; `nil` otherwise.
    init?(_ path: FileSystemPath, slots: Slots, rawPreview: LocalRAWPreview?) {
        let descriptor = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var head = [UInt8](repeating: 0, count: ImageFormat.signatureLength)
        guard let size = regularFileSize(descriptor), size > 0, size <= LocalPhotoResponse.maximumSize,
            case let count = head.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, $0.count, 0) }),
            count > 0, let format = ImageFormat.detect(head.prefix(count))  // as the folder listing
        else {
            close(descriptor)
            return nil
        }
        // A camera RAW is sent as its largest JPEG preview, as it is (a TIFF-shaped RAW too).
        let copy = format == .tiff || format == .raw ? dup(descriptor) : -1
        if copy >= 0, let reader = try? FileBytes(adopting: copy), let preview = rawPreview?(reader) {
            (type, start, self.size) = ("image/jpeg", preview.offset, preview.length)
        } else if format == .raw || format == .crw {  // RAW data no browser shows, and no preview found
            close(descriptor)
            return nil
        } else {
            (type, start, self.size) = (format.mediaType, 0, Int(size))
        }
        self.descriptor = descriptor
        self.slots = slots
    }

    deinit {
        close(descriptor)
        slots.give()
    }

    /// The next chunk from `offset`; throws when the file ends before the size it had when
    /// opened (it was cut while being sent), which ends the response short rather than padded.
    func read(at offset: Int) throws -> [UInt8] {
        let wanted = min(LocalPhotoResponse.chunkSize, size - offset)
        var chunk = [UInt8](repeating: 0, count: wanted)
        guard chunk.withUnsafeMutableBytes({ readAll(descriptor, into: $0, at: start + offset) }) == wanted else {
            throw FileShrank()
        }
        return chunk
    }

    struct FileShrank: Error {}
}
