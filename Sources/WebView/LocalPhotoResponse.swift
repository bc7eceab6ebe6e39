import Foundation
import Hummingbird
import NIOPosix
import ProviderKit

/// What a local file is to `serve` as a camera RAW: where the JPEG preview it embeds lies (sent in
/// its place, since no browser shows RAW data), a RAW without one, or no RAW at all. A
/// TIFF-shaped RAW starts as any TIFF does: only the RAW readers tell them apart.
package enum LocalRAWImage: Sendable, Equatable {
    /// The file is no camera RAW: it is sent as it is.
    case notRAW
    /// The RAW's JPEG preview: its first byte in the file and its length.
    case preview(offset: Int, length: Int)
    /// A RAW that embeds no JPEG preview: nothing a browser can show (404, never its raw data).
    case noPreview
}

/// Finds the preview `serve` sends for a local file (``LocalRAWImage``); given by the command
/// line, since `WebView` does not link the local folders' readers.
package typealias LocalRAWPreview = @Sendable (FileBytes) -> LocalRAWImage

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
        let opened = try? await NIOThreadPool.singleton.runIfActive {
            OpenImageFile.open(path, slots: slots, rawPreview: isGrid ? rawGridPreview : rawPreview)
        }
        guard case .opened(let file) = opened else {
            slots.give()
            return opened == .rawWithoutPreview ? noPreview() : notFound()
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

    /// A camera RAW with no JPEG preview, grid and full view alike: its raw data is never sent
    /// (no browser shows it, and it runs to a hundred megabytes); the page shows its placeholder.
    static func noPreview() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(
                byteBuffer: ByteBuffer(string: "This camera RAW file holds no JPEG preview a browser can show.\n")))
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

    /// What opening a local photo came to.
    enum Opening: Equatable, Sendable {
        case opened(OpenImageFile)
        /// A camera RAW without a JPEG preview: nothing to send.
        case rawWithoutPreview
        case notFound

        static func == (left: Opening, right: Opening) -> Bool {
            switch (left, right) {
            case (.opened(let a), .opened(let b)): a === b
            case (.rawWithoutPreview, .rawWithoutPreview), (.notFound, .notFound): true
            default: false
            }
        }
    }

    /// Opens and checks `path` (however deep: ``FileSystemPath/open(_:_:)``): not through a
    /// link, not a FIFO or device (which could block or never end), not empty or too large, and
    /// an image of a format the folder listing shows. A camera RAW is sent as its JPEG preview,
    /// as it is (a TIFF-shaped RAW too); a RAW without one is never sent.
    static func open(_ path: FileSystemPath, slots: Slots, rawPreview: LocalRAWPreview?) -> Opening {
        let descriptor = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return .notFound }
        var head = [UInt8](repeating: 0, count: ImageFormat.signatureLength)
        guard let size = regularFileSize(descriptor), size > 0, size <= LocalPhotoResponse.maximumSize,
            case let count = head.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, $0.count, 0) }),
            count > 0, let format = ImageFormat.detect(head.prefix(count))  // as the folder listing
        else {
            close(descriptor)
            return .notFound
        }
        let copy = format == .tiff || format == .raw || format == .crw ? dup(descriptor) : -1
        var raw = LocalRAWImage.notRAW
        if copy >= 0, let reader = try? FileBytes(adopting: copy), let rawPreview {
            raw = rawPreview(reader)
        }
        switch raw {
        case .preview(let offset, let length):
            return .opened(OpenImageFile(descriptor, "image/jpeg", start: offset, size: length, slots: slots))
        case .notRAW where format != .raw && format != .crw:
            return .opened(OpenImageFile(descriptor, format.mediaType, start: 0, size: Int(size), slots: slots))
        case .notRAW, .noPreview:  // RAW data no browser shows, and no preview found
            close(descriptor)
            return .rawWithoutPreview
        }
    }

    private init(_ descriptor: Int32, _ type: String, start: Int, size: Int, slots: Slots) {
        (self.descriptor, self.type, self.start, self.size, self.slots) = (descriptor, type, start, size, slots)
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
