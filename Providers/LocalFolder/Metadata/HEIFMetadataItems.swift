/// HEIC/HEIF and AVIF keep EXIF and XMP as items of their own: `iinf` names each item's type
/// (`Exif`, or `mime` with an XMP content type) and `iloc` says where its bytes are, in the
/// file or in the `idat` box.
extension HEIFReader {
    /// Reads the EXIF and XMP items described in the `meta` box's children.
    static func readMetadataItems(
        in metaChildren: Range<Int>, of head: ByteReader, file: FileBytes, into metadata: inout ImageMetadata
    ) throws(ImageMetadataError) {
        guard let iinf = try child("iinf", of: metaChildren, in: head),
            let iloc = try child("iloc", of: metaChildren, in: head)
        else { return }
        let items = try metadataItems(in: iinf, of: head)
        guard !items.isEmpty else { return }
        let locations = try ItemLocations(iloc, of: head)
        let idat = try child("idat", of: metaChildren, in: head)
        for (id, kind) in items {
            guard let location = locations.byItem[id] else { continue }
            var bytes: [UInt8] = []
            for extent in location.extents {
                switch location.constructionMethod {
                case 0:
                    bytes += try file.read(location.baseOffset + extent.offset, extent.length)
                case 1:
                    guard let idat else {
                        throw ImageMetadataError(message: "a HEIF item points into a missing idat box")
                    }
                    let start = idat.lowerBound + location.baseOffset + extent.offset
                    guard start >= idat.lowerBound, extent.length <= idat.upperBound - start else {
                        throw ByteReader.pastEnd
                    }
                    bytes += try head.slice(start, extent.length)
                default:
                    continue  // items built from other items: not used for EXIF or XMP
                }
            }
            switch kind {
            case .exif:
                // A 4-byte offset to the TIFF header comes first (usually past "Exif\0\0").
                let skip = try ByteReader(bytes).u32(0)
                guard skip <= bytes.count - 4 else { throw ByteReader.pastEnd }
                try TIFFReader.read(Array(bytes[(4 + skip)...]), into: &metadata)
            case .xmp:
                XMPReader.read(bytes, into: &metadata)
            }
        }
    }

    private enum ItemKind {
        case exif, xmp
    }

    /// The EXIF and XMP items `iinf` lists, by item id.
    private static func metadataItems(in iinf: Range<Int>, of head: ByteReader) throws(ImageMetadataError)
        -> [(id: Int, kind: ItemKind)]
    {
        let version = try head.u8(iinf.lowerBound)
        let entries = iinf.lowerBound + (version == 0 ? 6 : 8)  // full box header, then the entry count
        var found: [(id: Int, kind: ItemKind)] = []
        for entry in try boxes(in: entries..<iinf.upperBound, of: head) where entry.type == "infe" {
            let body = entry.body
            let infeVersion = try head.u8(body.lowerBound)
            guard infeVersion >= 2 else { continue }  // versions 0 and 1 have no item type
            let id = infeVersion == 2 ? try head.u16(body.lowerBound + 4) : try head.u32(body.lowerBound + 4)
            let typeOffset = body.lowerBound + (infeVersion == 2 ? 8 : 10)
            let type = String(decoding: try head.slice(typeOffset, 4), as: UTF8.self)
            if type == "Exif" {
                found.append((id, .exif))
            } else if type == "mime" {
                let strings = try head.slice(typeOffset + 4, body.upperBound - typeOffset - 4).split(
                    separator: 0, omittingEmptySubsequences: false)
                // item_name, then content_type
                if strings.count > 1, String(decoding: strings[1], as: UTF8.self) == "application/rdf+xml" {
                    found.append((id, .xmp))
                }
            }
        }
        return found
    }
}

/// The `iloc` box: where each item's bytes are.
private struct ItemLocations {
    struct Location {
        var constructionMethod = 0
        var baseOffset = 0
        var extents: [(offset: Int, length: Int)] = []
    }

    var byItem: [Int: Location] = [:]

    init(_ iloc: Range<Int>, of head: ByteReader) throws(ImageMetadataError) {
        let version = try head.u8(iloc.lowerBound)
        guard version <= 2 else { return }
        var offset = iloc.lowerBound + 4
        let sizes = try head.u8(offset)
        let more = try head.u8(offset + 1)
        let offsetSize = Int(sizes >> 4)
        let lengthSize = Int(sizes & 0xF)
        let baseOffsetSize = Int(more >> 4)
        let indexSize = version >= 1 ? Int(more & 0xF) : 0
        offset += 2
        let count = version < 2 ? try head.u16(offset) : try head.u32(offset)
        offset += version < 2 ? 2 : 4
        func number(_ size: Int) throws(ImageMetadataError) -> Int {
            guard [0, 4, 8].contains(size) else {
                throw ImageMetadataError(message: "a HEIF iloc field has \(size) bytes")
            }
            var value = 0
            if size == 8 {
                guard try head.u32(offset) == 0 else { throw ImageMetadataError(message: "a HEIF item lies past 4 GB") }
                value = try head.u32(offset + 4)
            } else if size == 4 {
                value = try head.u32(offset)
            }
            offset += size
            return value
        }
        for _ in 0..<min(count, 10_000) {
            let id = version < 2 ? try head.u16(offset) : try head.u32(offset)
            offset += version < 2 ? 2 : 4
            var location = Location()
            if version >= 1 {
                location.constructionMethod = try head.u16(offset) & 0xF
                offset += 2
            }
            offset += 2  // data_reference_index
            location.baseOffset = try number(baseOffsetSize)
            let extentCount = try head.u16(offset)
            offset += 2
            for _ in 0..<extentCount {
                if indexSize > 0 { _ = try number(indexSize) }
                let extentOffset = try number(offsetSize)
                let extentLength = try number(lengthSize)
                location.extents.append((extentOffset, extentLength))
            }
            byItem[id] = location
        }
    }
}
