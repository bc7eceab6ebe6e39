import Foundation

/// The file extension for a downloaded image: from its first bytes, which must be a known image
/// format; only an SVG (text) and an ISO media file of a brand not known here are named by the
/// response's `Content-Type`, or else the URL's own extension.
package enum ImageType {
    private static let byMediaType: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg", "image/png": "png", "image/gif": "gif",
        "image/webp": "webp", "image/tiff": "tif", "image/heic": "heic", "image/heif": "heif", "image/avif": "avif",
        "image/bmp": "bmp", "image/svg+xml": "svg", "image/jxl": "jxl",
    ]
    private static let knownExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "tif", "tiff", "heic", "heif", "avif", "bmp", "svg", "jxl",
    ]
    /// Formats kept in an ISO media (`ftyp`) box, whose brands are many.
    private static let isoMediaExtensions: Set<String> = ["heic", "heif", "avif"]

    /// The extension, or `nil` when the body is not an image whatever its type says: an HTML
    /// error page, a JSON error or a line of text sent as `image/jpeg` with status 200 would
    /// otherwise be kept as a photo, and recorded so that no later run fetches the real one.
    package static func fileExtension(leadingBytes: [UInt8], contentType: String?, url: URL?) -> String? {
        if let sniffed = sniff(leadingBytes) { return sniffed }
        let declared = declaredExtension(contentType: contentType, url: url)
        if declared == "svg" {
            let first = leadingBytes.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first
            return first == UInt8(ascii: "<") ? "svg" : nil
        }
        if let declared, isoMediaExtensions.contains(declared), leadingBytes.count >= 12,
            Array(leadingBytes[4..<8]) == Array("ftyp".utf8)
        {
            return declared
        }
        return nil
    }

    private static func declaredExtension(contentType: String?, url: URL?) -> String? {
        if let contentType {
            let mediaType = contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if let mediaType, let known = byMediaType[mediaType] { return known }
            if let mediaType, !mediaType.hasPrefix("image/"), mediaType != "application/octet-stream" { return nil }
        }
        let fromURL = url?.pathExtension.lowercased() ?? ""
        return knownExtensions.contains(fromURL) ? (fromURL == "jpeg" ? "jpg" : fromURL) : nil
    }

    /// The format the first bytes announce, if known.
    package static func sniff(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts(Array("GIF8".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "tif" }
        if starts(Array("BM".utf8)), bytes.count >= 14 { return "bmp" }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if brand.hasPrefix("avi") { return "avif" }
            if ["heic", "heix", "heim", "heis", "mif1", "msf1"].contains(brand) { return "heic" }
        }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "jxl" }
        return nil
    }
}
