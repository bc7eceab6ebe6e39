import Foundation

/// The file extension for a downloaded image: from its first bytes, which must be a known image
/// format. An SVG (text) must open with an `<svg` element; the two-byte JPEG XL codestream
/// signature counts only where the response's `Content-Type` or the URL says JPEG XL too.
package enum ImageType {
    private static let byMediaType: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg", "image/png": "png", "image/gif": "gif",
        "image/webp": "webp", "image/tiff": "tif", "image/heic": "heic", "image/heif": "heif", "image/avif": "avif",
        "image/bmp": "bmp", "image/svg+xml": "svg", "image/jxl": "jxl",
    ]
    private static let knownExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "tif", "tiff", "heic", "heif", "avif", "bmp", "svg", "jxl",
    ]

    /// The camera RAW formats built on TIFF (exiftool's list), whose files a local copy keeps
    /// under their own extension, though their first bytes are a TIFF's.
    package static let cameraRAWExtensions: Set<String> = [
        "3fr", "arw", "cr2", "cs1", "dcr", "dng", "erf", "fff", "iiq", "k25", "kdc", "mef", "mos", "nef", "nrw",
        "pef", "rwl", "sr2", "srf", "srw",
    ]

    /// Every extension a downloaded file can get from its bytes (``sniff(_:)``, and `jxl`).
    package static let producedExtensions = ["jpg", "png", "gif", "webp", "tif", "bmp", "heic", "avif", "jxl", "svg"]

    /// The spellings of one type's extension, lower-cased: `jpg` and `jpeg` are one.
    private static func spellings(of fileExtension: String) -> [String] {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": ["jpg", "jpeg"]
        case "tif", "tiff": ["tif", "tiff"]
        case "heic", "heif": ["heic", "heif"]
        case let other: [other]
        }
    }

    /// Whether `name` ends in `.fileExtension` (any letter case, any spelling of it), after at
    /// least one other character.
    package static func ends(_ name: String, in fileExtension: String) -> Bool {
        let lowered = name.lowercased()
        return spellings(of: fileExtension).contains { lowered.hasSuffix("." + $0) && lowered.count > $0.count + 1 }
    }

    /// `name` split before an image extension it ends in (`x.jpg` gives `x` and `.jpg`); the
    /// whole name and `""` when it ends in none.
    package static func splitExtension(_ name: String) -> (base: String, stated: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
            knownExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// The extension, or `nil` when the body is not an image whatever its type says: an HTML
    /// error page, a JSON error, a line of text or a video sent as `image/…` with status 200
    /// would otherwise be kept as a photo, and recorded so that no later run fetches the real one.
    package static func fileExtension(leadingBytes: [UInt8], contentType: String?, url: URL?) -> String? {
        if let sniffed = sniff(leadingBytes) { return sniffed }
        let declared = declaredExtension(contentType: contentType, url: url)
        if declared == "jxl", leadingBytes.starts(with: [0xFF, 0x0A]), leadingBytes.count >= 4 { return "jxl" }
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
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "tif" }
        if starts(Array("BM".utf8)), bytes.count >= 18 {
            // The DIB header's own size: one of the few Windows and OS/2 ever wrote.
            let header = UInt32(bytes[14]) | UInt32(bytes[15]) << 8 | UInt32(bytes[16]) << 16 | UInt32(bytes[17]) << 24
            if [12, 16, 40, 52, 56, 64, 108, 124].contains(header) { return "bmp" }
        }
        if starts(Array("ftyp".utf8), at: 4) { return isoImage(bytes) }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return "jxl" }
        if opensWithSVGElement(bytes) { return "svg" }
        return nil
    }

    /// HEIC or AVIF when the `ftyp` box's major or a compatible brand is an image brand (a video,
    /// `isom` or `mp42` alone, is not an image whatever its type says); `nil` otherwise.
    private static func isoImage(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12 else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= min(size, bytes.count) {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return "avif" }
        let heif: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "miaf"]
        return brands.contains(where: heif.contains) ? "heic" : nil
    }

    /// Whether the text opens with an `<svg` element, after white space, a byte order mark, an
    /// XML declaration, comments and a doctype: an HTML page sent as `image/svg+xml` does not.
    private static func opensWithSVGElement(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while true {
            rest = rest.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
            guard rest.first == UInt8(ascii: "<") else { return false }
            let after = rest.dropFirst()
            if after.starts(with: Array("svg".utf8)) {
                let next = after.dropFirst(3).first
                return next.map { [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains($0) } ?? false
            }
            let closing: [UInt8]
            if after.starts(with: Array("?".utf8)) {
                closing = Array("?>".utf8)
            } else if after.starts(with: Array("!--".utf8)) {
                closing = Array("-->".utf8)
            } else if after.starts(with: Array("!DOCTYPE".utf8)) || after.starts(with: Array("!doctype".utf8)) {
                let name = after.dropFirst(8).drop(while: { $0 == 0x20 }).prefix(4).map { $0 | 0x20 }
                guard name != Array("html".utf8) else { return false }  // an HTML page
                closing = Array(">".utf8)
            } else {
                return false
            }
            guard let end = rest.firstRange(of: closing) else { return false }
            rest = rest[end.upperBound...]
        }
    }
}
