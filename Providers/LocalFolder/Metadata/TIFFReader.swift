import Foundation
import ProviderKit

/// Reads TIFF structures: IFD0, the EXIF IFD and the GPS IFD, as found in TIFF files and
/// in the EXIF blocks of JPEG, PNG, WebP and HEIC files.
enum TIFFReader {
    /// Fills `metadata` from a TIFF structure starting at byte 0 of `bytes`.
    static func read(_ bytes: [UInt8], into metadata: inout ImageMetadata, isWholeFile: Bool = false)
        throws(ImageMetadataError)
    {
        var reader = ByteReader(bytes)
        if reader.starts(with: Array("II*\0".utf8)) {
            reader.endian = .little
        } else if !reader.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            throw ImageMetadataError(message: "the EXIF block does not start with a TIFF header")
        }
        var visited = Set<Int>()
        let ifd0 = try entries(reader, at: try reader.u32(4), visited: &visited)
        var offsetTime: String?
        var dateTime: String?
        for entry in ifd0 {
            switch entry.tag {
            case 0x0100 where isWholeFile: metadata.width = try entry.integer(reader)
            case 0x0101 where isWholeFile: metadata.height = try entry.integer(reader)
            case 0x010E:
                let text = MetadataText.clean(try entry.ascii(reader))
                metadata.description = metadata.description ?? text
            case 0x010F: metadata.cameraMake = MetadataText.clean(try entry.ascii(reader))
            case 0x0110: metadata.cameraModel = MetadataText.clean(try entry.ascii(reader))
            case 0x0112: metadata.orientation = try entry.integer(reader).flatMap { (1...8).contains($0) ? $0 : nil }
            case 0x013B:
                let text = MetadataText.clean(try entry.ascii(reader))
                metadata.creator = metadata.creator ?? text
            case 0x9C9E:  // XPKeywords: UTF-16LE, semicolon-separated
                let raw = try entry.data(reader)
                let text = String(
                    decoding: stride(from: 0, to: raw.count - 1, by: 2).map {
                        UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8
                    }, as: UTF16.self)
                metadata.keywords += text.split(separator: ";").compactMap { MetadataText.clean(String($0)) }
            case 0x8769:
                for exif in try entries(reader, at: try entry.integer(reader) ?? -1, visited: &visited) {
                    switch exif.tag {
                    case 0x9003: dateTime = try exif.ascii(reader)
                    case 0x9011: offsetTime = try exif.ascii(reader)
                    case 0xA002 where metadata.width == nil: metadata.width = try exif.integer(reader)
                    case 0xA003 where metadata.height == nil: metadata.height = try exif.integer(reader)
                    default: break
                    }
                }
            case 0x02BC:  // XMP packet (in TIFF files)
                XMPReader.read(try entry.data(reader), into: &metadata)
            case 0x83BB:  // IPTC-NAA records (in TIFF files)
                try IPTCReader.readRecords(try entry.data(reader), into: &metadata)
            case 0x8825:
                try readGPS(reader, at: try entry.integer(reader) ?? -1, visited: &visited, into: &metadata)
            default: break
            }
        }
        if let dateTime { metadata.takenAt = DateTime.parse(dateTime, offset: offsetTime) }
    }

    private static func readGPS(
        _ reader: ByteReader, at offset: Int, visited: inout Set<Int>, into metadata: inout ImageMetadata
    ) throws(ImageMetadataError) {
        var latitudeRef: String?
        var longitudeRef: String?
        var latitude: Double?
        var longitude: Double?
        for entry in try entries(reader, at: offset, visited: &visited) {
            switch entry.tag {
            case 1: latitudeRef = try entry.ascii(reader)
            case 2: latitude = try entry.degrees(reader)
            case 3: longitudeRef = try entry.ascii(reader)
            case 4: longitude = try entry.degrees(reader)
            default: break
            }
        }
        if let latitude, abs(latitude) <= 90 {
            metadata.latitude = latitudeRef?.hasPrefix("S") == true ? -latitude : latitude
        }
        if let longitude, abs(longitude) <= 180 {
            metadata.longitude = longitudeRef?.hasPrefix("W") == true ? -longitude : longitude
        }
    }

    /// The entries of the IFD at `offset`, the first of each tag only; an IFD seen before (a
    /// loop) is an error. A tag repeated a thousand times, each pointing at a megabyte, would
    /// otherwise cost a gigabyte of copying, and a thousand EXIF directories a million entries.
    private static func entries(_ reader: ByteReader, at offset: Int, visited: inout Set<Int>)
        throws(ImageMetadataError)
        -> [Entry]
    {
        guard visited.insert(offset).inserted else {
            throw ImageMetadataError(message: "the EXIF directories point back at each other")
        }
        let count = try reader.u16(offset)
        guard count <= 1000 else { throw ImageMetadataError(message: "an EXIF directory claims \(count) entries") }
        var tags = Set<Int>()
        var found: [Entry] = []
        for index in 0..<count {
            let base = offset + 2 + index * 12
            let tag = try reader.u16(base)
            guard tags.insert(tag).inserted else { continue }
            found.append(
                Entry(tag: tag, type: try reader.u16(base + 2), count: try reader.u32(base + 4), valueOffset: base + 8))
        }
        return found
    }

    /// One IFD entry; its value is inline when it fits in four bytes, else at an offset.
    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        let valueOffset: Int

        private var unitSize: Int { [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8, 13: 4][type] ?? 0 }

        func data(_ reader: ByteReader) throws(ImageMetadataError) -> [UInt8] {
            let size = unitSize * count
            guard size > 0, size <= 1 << 20 else { return [] }
            let start = size <= 4 ? valueOffset : try reader.u32(valueOffset)
            return try reader.slice(start, size)
        }

        func ascii(_ reader: ByteReader) throws(ImageMetadataError) -> String? {
            guard type == 2 || type == 7 else { return nil }
            return MetadataText.decode(try data(reader).prefix { $0 != 0 })
        }

        func integer(_ reader: ByteReader) throws(ImageMetadataError) -> Int? {
            switch type {
            case 3: return try reader.u16(valueOffset)
            case 4, 9: return try reader.u32(valueOffset)
            default: return nil
            }
        }

        /// Three unsigned rationals (degrees, minutes, seconds) as decimal degrees.
        func degrees(_ reader: ByteReader) throws(ImageMetadataError) -> Double? {
            guard type == 5, count == 3 else { return nil }
            let start = try reader.u32(valueOffset)
            var parts: [Double] = []
            for index in 0..<3 {
                let numerator = Double(try reader.u32(start + index * 8))
                let denominator = Double(try reader.u32(start + index * 8 + 4))
                guard denominator != 0 else { return nil }
                parts.append(numerator / denominator)
            }
            return parts[0] + parts[1] / 60 + parts[2] / 3600
        }
    }
}
