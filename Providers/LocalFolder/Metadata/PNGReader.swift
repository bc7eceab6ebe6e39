import Foundation
import ProviderKit

/// Reads a PNG's chunks, skipping image data: dimensions from IHDR, EXIF from eXIf,
/// XMP from an uncompressed iTXt chunk named `XML:com.adobe.xmp`.
enum PNGReader {
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        var offset = 8
        while offset + 8 <= file.size {
            let header = ByteReader(try file.read(offset, 8))
            let length = try header.u32(0)
            let type = String(decoding: try header.slice(4, 4), as: UTF8.self)
            guard length <= 1 << 30 else { throw ImageMetadataError(message: "a PNG chunk claims \(length) bytes") }
            switch type {
            case "IHDR":
                let body = ByteReader(try file.read(offset + 8, 8))
                metadata.width = try body.u32(0)
                metadata.height = try body.u32(4)
            case "eXIf":
                let body = try file.read(offset + 8, length)
                // A broken EXIF chunk loses what it holds, not the file.
                _ = try? TIFFReader.read(body, into: &metadata)
            case "iTXt":
                let body = try file.read(offset + 8, length)
                let keyword = Array("XML:com.adobe.xmp\0".utf8)
                if ByteReader(body).starts(with: keyword), body.count > keyword.count + 2, body[keyword.count] == 0 {
                    // compression flag 0, method, then language tag and translated keyword, each NUL-terminated
                    var rest = body.dropFirst(keyword.count + 2)
                    for _ in 0..<2 {
                        guard let nul = rest.firstIndex(of: 0) else { break }
                        rest = rest[(nul + 1)...]
                    }
                    XMPReader.read(Array(rest), into: &metadata)
                }
            case "IEND":
                return
            default: break
            }
            offset += 12 + length
        }
    }
}
