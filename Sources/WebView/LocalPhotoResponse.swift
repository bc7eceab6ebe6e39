import Foundation
import Hummingbird
import NIOPosix
import ProviderKit

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

    static func make(id: String, ids: LocalPhotoIDs, slots: Slots) async -> Response {
        guard let path = ids.path(for: id) else { return notFound() }
        guard slots.take() else { return busy() }
        // The slot is the open file's: given back when it closes (response sent, cut off, or never sent).
        guard let file = try? await NIOThreadPool.singleton.runIfActive({ OpenImageFile(path, slots: slots) }) ?? nil
        else {
            slots.give()
            return notFound()
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
    let size: Int
    let slots: Slots

    /// Opens and checks `path` (however deep: ``FileSystemPath/open(_:_:)``): not through a
    /// link, not a FIFO or device (which could block or never end), not empty or too large, and
    /// an image of a format the folder listing shows; `nil` otherwise.
    init?(_ path: FileSystemPath, slots: Slots) {
        let descriptor = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var head = [UInt8](repeating: 0, count: ImageFormat.signatureLength)
        guard let size = regularFileSize(descriptor), size > 0, size <= LocalPhotoResponse.maximumSize,
            case let count = head.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, $0.count, 0) }),
            count > 0, let type = ImageFormat.detect(head.prefix(count))?.mediaType  // as the folder listing
        else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.type = type
        self.size = Int(size)
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
        guard chunk.withUnsafeMutableBytes({ readAll(descriptor, into: $0, at: offset) }) == wanted else {
            throw FileShrank()
        }
        return chunk
    }

    struct FileShrank: Error {}
}
