/// Reads IPTC IIM records from a Photoshop image-resource block (JPEG APP13):
/// ObjectName (2:05), Keywords (2:25), By-line (2:80), CopyrightNotice (2:116) and
/// Caption-Abstract (2:120); and the place and date (``IPTCReader/PlaceAndDate``).
///
/// Tolerant as exiftool is: a record or resource that runs past its block ends the reading
/// there, and what was read before it is kept.
enum IPTCReader {
    static func read(photoshop bytes: [UInt8], into metadata: inout ImageMetadata) {
        let reader = ByteReader(bytes)
        var offset = Array("Photoshop 3.0\0".utf8).count
        while offset + 12 <= reader.count, reader.starts(with: Array("8BIM".utf8), at: offset) {
            guard let id = try? reader.u16(offset + 4), let nameLength = try? reader.u8(offset + 6) else { return }
            var position = offset + 6 + ((Int(nameLength) + 2) & ~1)  // Pascal name, padded to even
            guard let size = try? reader.u32(position) else { return }
            position += 4
            if id == 0x0404 {
                guard let records = try? reader.slice(position, size) else { return }
                readRecords(records, into: &metadata)
            }
            offset = position + size + (size & 1)
        }
    }

    static func readRecords(_ bytes: [UInt8], into metadata: inout ImageMetadata) {
        let reader = ByteReader(bytes)
        var offset = 0
        var title: String?
        var caption: String?
        var byline: String?
        var copyright: String?
        var placeAndDate = PlaceAndDate()
        while offset + 5 <= reader.count, reader.bytes[offset] == 0x1C {
            let record = reader.bytes[offset + 1]
            let dataset = reader.bytes[offset + 2]
            // An extended length (top bit set) is for image data, never for text: stop there.
            guard let length = try? reader.u16(offset + 3), length & 0x8000 == 0,
                let bytes = try? reader.slice(offset + 5, length)
            else { break }
            let value = MetadataText.clean(MetadataText.decode(bytes))
            if record == 2 {
                switch dataset {
                case 5: title = value
                case 25: if let value { metadata.keywords.append(value) }
                case 80: byline = value
                case 116: copyright = value
                case 120: caption = value
                default: placeAndDate.take(dataset: dataset, bytes: bytes)
                }
            }
            offset += 5 + length
        }
        metadata.title = metadata.title ?? title
        metadata.description = metadata.description ?? caption
        metadata.creator = metadata.creator ?? byline
        metadata.rights.copyright = metadata.rights.copyright ?? copyright
        placeAndDate.apply(to: &metadata)
    }
}
