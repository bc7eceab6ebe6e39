/// HEIC/HEIF and AVIF keep EXIF and XMP as items of their own: `iinf` names each item's type
/// (`Exif`, or `mime` with an XMP content type) and `iloc` says where its bytes are, in the
/// file or in the `idat` box.
import ProviderKit

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
        let locations = try ItemLocations(iloc, of: head, for: Set(items.map(\.id)))
        let idat = try child("idat", of: metaChildren, in: head)
        var assembled = 0  // bytes gathered for all items, held to the per-file read budget
        for (id, kind) in items {
            guard let location = locations.byItem[id] else { continue }
            var bytes: [UInt8] = []
            for extent in location.extents {
                assembled += extent.length
                guard assembled <= FileBytes.budget else {
                    throw ImageMetadataError(
                        message: "its HEIF metadata items claim more than \(FileBytes.budget >> 20) MiB")
                }
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
                // A broken EXIF item loses what it holds, not the file.
                guard let skip = try? ByteReader(bytes).u32(0), skip <= bytes.count - 4 else { continue }
                _ = try? TIFFReader.read(Array(bytes[(4 + skip)...]), into: &metadata)
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
        // The full box header, then the entry count (two bytes in version 0, four after).
        guard let entries = fullBoxBody(iinf, skipping: version == 0 ? 6 : 8) else {
            throw ImageMetadataError(message: "a HEIF iinf box is too short to hold its entry count")
        }
        var found: [(id: Int, kind: ItemKind)] = []
        for entry in try boxes(in: entries, of: head) where entry.type == "infe" {
            let body = entry.body
            guard !body.isEmpty else { continue }
            let infeVersion = try head.u8(body.lowerBound)
            guard infeVersion >= 2 else { continue }  // versions 0 and 1 have no item type
            let typeOffset = body.lowerBound + (infeVersion == 2 ? 8 : 10)
            guard typeOffset + 4 <= body.upperBound else { continue }  // too short for its fields
            let id = infeVersion == 2 ? try head.u16(body.lowerBound + 4) : try head.u32(body.lowerBound + 4)
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
///
/// Only the items asked for are kept, and every count is checked against the bytes the box
/// really holds: fields may be zero bytes wide, so a count alone costs a hostile file nothing.
private struct ItemLocations {
    struct Location {
        var constructionMethod = 0
        var baseOffset = 0
        var extents: [(offset: Int, length: Int)] = []
    }

    /// At most this many items, and extents over all kept items: real files have a handful.
    static let maximumItems = 10_000
    static let maximumExtents = 4_096

    var byItem: [Int: Location] = [:]

    init(_ iloc: Range<Int>, of head: ByteReader, for wanted: Set<Int>) throws(ImageMetadataError) {
        guard !iloc.isEmpty else { throw ImageMetadataError(message: "a HEIF iloc box is empty") }
        let version = try head.u8(iloc.lowerBound)
        guard version <= 2 else { return }
        var offset = iloc.lowerBound + 4
        let sizes = try head.u8(offset)
        let more = try head.u8(offset + 1)
        let offsetSize = Int(sizes >> 4)
        let lengthSize = Int(sizes & 0xF)
        let baseOffsetSize = Int(more >> 4)
        let indexSize = version >= 1 ? Int(more & 0xF) : 0
        for size in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(size) {
            throw ImageMetadataError(message: "a HEIF iloc field has \(size) bytes")
        }
        offset += 2
        let count = version < 2 ? try head.u16(offset) : try head.u32(offset)
        offset += version < 2 ? 2 : 4
        guard count <= Self.maximumItems else {
            throw ImageMetadataError(message: "a HEIF iloc box claims \(count) items")
        }
        let extentSize = indexSize + offsetSize + lengthSize
        let itemHeader = (version < 2 ? 2 : 4) + (version >= 1 ? 2 : 0) + 2 + baseOffsetSize + 2
        func number(_ size: Int) throws(ImageMetadataError) -> Int {
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
        var keptExtents = 0
        for _ in 0..<count {
            guard itemHeader <= iloc.upperBound - offset else { throw Self.pastBox }
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
            // The extents must fit in what is left of the box.
            guard extentCount * extentSize <= iloc.upperBound - offset else { throw Self.pastBox }
            guard wanted.contains(id) else {
                offset += extentCount * extentSize
                continue
            }
            keptExtents += extentCount
            guard keptExtents <= Self.maximumExtents else {
                throw ImageMetadataError(message: "HEIF metadata items claim more than \(Self.maximumExtents) extents")
            }
            location.extents.reserveCapacity(extentCount)
            for _ in 0..<extentCount {
                if indexSize > 0 { _ = try number(indexSize) }
                let extentOffset = try number(offsetSize)
                let extentLength = try number(lengthSize)
                location.extents.append((extentOffset, extentLength))
            }
            byItem[id] = location
        }
    }

    private static let pastBox = ImageMetadataError(message: "a HEIF iloc box lists more than it holds")
}
