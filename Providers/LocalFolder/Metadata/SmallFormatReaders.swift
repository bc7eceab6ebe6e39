/// GIF: the logical screen size.
import ProviderKit

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
                _ = try? TIFFReader.read(body, into: &metadata)
            case "XMP ":
                XMPReader.read(try file.read(offset + 8, length), into: &metadata)
            default: break
            }
            offset += 8 + length + (length & 1)
        }
    }
}

/// HEIC/HEIF and AVIF: the primary image's size, from the `ispe` property `ipma` associates with
/// the item `pitm` names, turned by its `irot` property; EXIF and XMP from their items
/// (``readMetadataItems(in:of:file:into:)``).
enum HEIFReader {
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let head = ByteReader(try file.read(0, min(file.size, 256 << 10)))  // the meta box sits near the start
        guard let meta = try child("meta", of: 0..<head.count, in: head) else { return }
        // A full box: version and flags first.
        guard let metaChildren = fullBoxBody(meta, skipping: 4) else {
            throw ImageMetadataError(message: "a HEIF meta box is too short to hold its version")
        }
        guard let pitm = try child("pitm", of: metaChildren, in: head),
            let iprp = try child("iprp", of: metaChildren, in: head),
            let ipco = try child("ipco", of: iprp, in: head), let ipma = try child("ipma", of: iprp, in: head)
        else { return }
        let primary =
            try head.u8(pitm.lowerBound) == 0 ? try head.u16(pitm.lowerBound + 4) : try head.u32(pitm.lowerBound + 4)
        let properties = try boxes(in: ipco, of: head)
        var rotation = 0
        for index in try associations(of: primary, in: ipma, head) where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                metadata.width = try head.u32(property.body.lowerBound + 4)
                metadata.height = try head.u32(property.body.lowerBound + 8)
            case "irot":
                rotation = Int(try head.u8(property.body.lowerBound)) & 3
            default: break
            }
        }
        if rotation % 2 == 1 { swap(&metadata.width, &metadata.height) }
        try readMetadataItems(in: metaChildren, of: head, file: file, into: &metadata)
    }

    /// The property indexes (1-based) `ipma` associates with `item`.
    private static func associations(of item: Int, in ipma: Range<Int>, _ head: ByteReader) throws(ImageMetadataError)
        -> [Int]
    {
        let version = try head.u8(ipma.lowerBound)
        let wideIndexes = try head.u8(ipma.lowerBound + 3) & 1 == 1
        var offset = ipma.lowerBound + 4
        let count = try head.u32(offset)
        offset += 4
        for _ in 0..<min(count, 10_000) {
            let id = version < 1 ? try head.u16(offset) : try head.u32(offset)
            offset += version < 1 ? 2 : 4
            let associationCount = Int(try head.u8(offset))
            offset += 1
            var indexes: [Int] = []
            for _ in 0..<associationCount {
                if wideIndexes {
                    indexes.append(try head.u16(offset) & 0x7FFF)
                    offset += 2
                } else {
                    indexes.append(Int(try head.u8(offset)) & 0x7F)
                    offset += 1
                }
            }
            if id == item { return indexes }
        }
        return []
    }

    /// `box` without its first `count` bytes (a full box's version and flags, a count), or `nil`
    /// when the box is shorter than that.
    static func fullBoxBody(_ box: Range<Int>, skipping count: Int) -> Range<Int>? {
        box.count >= count ? box.lowerBound + count..<box.upperBound : nil
    }

    /// The body of the first child box of `type` within `range`.
    static func child(_ type: String, of range: Range<Int>, in head: ByteReader) throws(ImageMetadataError)
        -> Range<Int>?
    {
        try boxes(in: range, of: head).first { $0.type == type }?.body
    }

    /// The boxes directly inside `range`: their types and bodies.
    static func boxes(in range: Range<Int>, of head: ByteReader) throws(ImageMetadataError)
        -> [(type: String, body: Range<Int>)]
    {
        var found: [(type: String, body: Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, found.count < 10_000 {
            var size = try head.u32(offset)
            let type = String(decoding: try head.slice(offset + 4, 4), as: UTF8.self)
            var header = 8
            if size == 1 {  // a 64-bit size follows
                guard try head.u32(offset + 8) == 0 else {
                    throw ImageMetadataError(message: "a HEIF box claims over 4 GB")
                }
                size = try head.u32(offset + 12)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset  // to the end
            }
            guard size >= header, offset + header <= range.upperBound,
                offset + size <= range.upperBound || type == "mdat"
            else {
                throw ImageMetadataError(message: "a HEIF box is larger than what contains it")
            }
            found.append((type, offset + header..<min(offset + size, range.upperBound)))
            offset += size
        }
        return found
    }
}
