import Foundation
import Hummingbird
import LocalFolderProvider

/// `GET /local/<id>`: the file behind an id the server issued, as an image; 404 otherwise.
enum LocalPhotoResponse {
    /// The largest file served.
    static let maximumSize = 200 << 20

    static func make(id: String, ids: LocalPhotoIDs) async -> Response {
        guard let path = ids.path(for: id) else { return notFound() }
        let bytes = try? await BlockingWork.run { _ -> Data? in
            let url = URL(fileURLWithPath: path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = attributes[.size] as? Int, size <= maximumSize
            else { return nil }
            return try? Data(contentsOf: url)
        }
        guard let bytes = bytes ?? nil, let type = imageType(bytes) else { return notFound() }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
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
