import Foundation
import Hummingbird
import LocalFolderProvider

/// `GET /local/<id>`: the file behind an id the server issued, as an image; 404 otherwise.
/// The file is streamed in chunks, never read whole: a page of large local photos (panoramas,
/// TIFFs) asked for at once would otherwise hold every one in memory.
enum LocalPhotoResponse {
    /// The largest file served.
    static let maximumSize = 200 << 20

    static func make(id: String, ids: LocalPhotoIDs, context: some RequestContext) async -> Response {
        guard let path = ids.path(for: id) else { return notFound() }
        let checked = try? await BlockingWork.run { _ -> (type: String, size: Int)? in
            // Not through a link, not a FIFO or device (which could block or never end), not too large.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                status.st_size > 0, status.st_size <= maximumSize
            else { return nil }
            var head = [UInt8](repeating: 0, count: 12)
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0, let type = imageType(Data(head.prefix(count))) else { return nil }
            return (type, Int(status.st_size))
        }
        guard let (type, size) = checked ?? nil,
            let body = try? await FileIO().loadFile(path: path, range: 0...(size - 1), context: context)
        else { return notFound() }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=3600"], body: body)
    }

    /// The image type from the file's first bytes; `nil` for anything that is not an image.
    static func imageType(_ bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return "image/heic" }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "image/tiff"
        }
        return nil
    }

    static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found.\n")))
    }
}
