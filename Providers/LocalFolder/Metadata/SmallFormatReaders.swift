/// GIF: the logical screen size.
enum GIFReader {
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let header = ByteReader(try file.read(0, 10), endian: .little)
        metadata.width = try header.u16(6)
        metadata.height = try header.u16(8)
    }
}

/// WebP: the canvas size from VP8, VP8L or VP8X, EXIF from the EXIF chunk, XMP from the `XMP ` chunk.
enum WebPReader {
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        var offset = 12
        while offset + 8 <= file.size {
            let header = ByteReader(try file.read(offset, 8), endian: .little)
            let type = String(decoding: try header.slice(0, 4), as: UTF8.self)
            let length = try header.u32(4)
            guard length <= 1 << 30 else { throw ImageMetadataError(message: "a WebP chunk claims \(length) bytes") }
            switch type {
            case "VP8X":
                let body = ByteReader(try file.read(offset + 8, 10), endian: .little)
                metadata.width = 1 + (try body.u16(4) | Int(try body.u8(6)) << 16)
                metadata.height = 1 + (try body.u16(7) | Int(try body.u8(9)) << 16)
            case "VP8 " where metadata.width == nil:
                let body = ByteReader(try file.read(offset + 8, 10), endian: .little)
                metadata.width = try body.u16(6) & 0x3FFF
                metadata.height = try body.u16(8) & 0x3FFF
            case "VP8L" where metadata.width == nil:
                let body = ByteReader(try file.read(offset + 8, 5), endian: .little)
                let bits = try body.u32(1)
                metadata.width = (bits & 0x3FFF) + 1
                metadata.height = ((bits >> 14) & 0x3FFF) + 1
            case "EXIF":
                var body = try file.read(offset + 8, length)
                if ByteReader(body).starts(with: Array("Exif\0\0".utf8)) { body.removeFirst(6) }
                try TIFFReader.read(body, into: &metadata)
            case "XMP ":
                XMPReader.read(try file.read(offset + 8, length), into: &metadata)
            default: break
            }
            offset += 8 + length + (length & 1)
        }
    }
}

/// HEIC/HEIF and AVIF: the largest image size declared by an `ispe` property.
enum HEIFReader {
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let head = try file.read(0, min(file.size, 256 << 10))  // the meta box sits near the start
        let reader = ByteReader(head)
        let ispe = Array("ispe".utf8)
        var offset = 0
        var best = (width: 0, height: 0)
        while offset + 16 <= reader.count {
            if reader.starts(with: ispe, at: offset) {
                let width = try reader.u32(offset + 8)
                let height = try reader.u32(offset + 12)
                if width * height > best.width * best.height { best = (width, height) }
            }
            offset += 1
        }
        if best.width > 0 {
            metadata.width = best.width
            metadata.height = best.height
        }
    }
}
