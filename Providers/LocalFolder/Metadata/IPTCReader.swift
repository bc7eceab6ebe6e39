/// Reads IPTC IIM records from a Photoshop image-resource block (JPEG APP13):
/// ObjectName (2:05), Keywords (2:25), By-line (2:80) and Caption-Abstract (2:120).
enum IPTCReader {
    static func read(photoshop bytes: [UInt8], into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let reader = ByteReader(bytes)
        var offset = Array("Photoshop 3.0\0".utf8).count
        while offset + 12 <= reader.count, reader.starts(with: Array("8BIM".utf8), at: offset) {
            let id = try reader.u16(offset + 4)
            let nameLength = Int(try reader.u8(offset + 6))
            var position = offset + 6 + ((nameLength + 2) & ~1)  // Pascal name, padded to even
            let size = try reader.u32(position)
            position += 4
            if id == 0x0404 { try readRecords(try reader.slice(position, size), into: &metadata) }
            offset = position + size + (size & 1)
        }
    }

    static func readRecords(_ bytes: [UInt8], into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let reader = ByteReader(bytes)
        var offset = 0
        var title: String?
        var caption: String?
        var byline: String?
        while offset + 5 <= reader.count, try reader.u8(offset) == 0x1C {
            let record = try reader.u8(offset + 1)
            let dataset = try reader.u8(offset + 2)
            let length = try reader.u16(offset + 3)
            guard length & 0x8000 == 0 else {
                throw ImageMetadataError(message: "an IPTC record uses an extended length")
            }
            let value = MetadataText.clean(MetadataText.decode(try reader.slice(offset + 5, length)))
            if record == 2 {
                switch dataset {
                case 5: title = value
                case 25: if let value { metadata.keywords.append(value) }
                case 80: byline = value
                case 120: caption = value
                default: break
                }
            }
            offset += 5 + length
        }
        metadata.title = metadata.title ?? title
        metadata.description = metadata.description ?? caption
        metadata.creator = metadata.creator ?? byline
    }
}
