import Foundation
import ProviderKit

/// Reads TIFF structures: IFD0, the EXIF IFD and the GPS IFD, as found in TIFF files and
/// in the EXIF blocks of JPEG, PNG, WebP and HEIC files.
///
/// Tolerant as exiftool is: a bad entry skips that tag, a directory seen before (a loop) ends
/// that chain, a directory past the end is skipped, and everything else is kept. Tags are read
/// wherever a camera put them (old cameras write the date in IFD0, some the make in the EXIF
/// directory); where a tag comes twice, the last one read counts, as in exiftool.
enum TIFFReader {
    /// Fills `metadata` from a TIFF structure starting at byte 0 of `bytes`; throws only when
    /// there is no TIFF header or no readable IFD0 at all. Returns IFD0's entries, so that a
    /// RAW's layout (``TIFFRAWLayout``) reads them without walking IFD0 again.
    @discardableResult
    static func read(_ bytes: [UInt8], into metadata: inout ImageMetadata, isWholeFile: Bool = false)
        throws(ImageMetadataError) -> [Entry]
    {
        // A whole file may be a RAW whose header has its own magic number (ORF, RW2).
        guard let reader = header(bytes, allowingRAWMagic: isWholeFile) else {
            throw ImageMetadataError(message: "the EXIF block does not start with a TIFF header")
        }
        let ifd0Offset = try reader.u32(4)
        guard (try? reader.u16(ifd0Offset)) != nil else {
            throw ImageMetadataError(message: "the EXIF block's first directory lies past its end")
        }
        var walk = Walk(reader: reader, isWholeFile: isWholeFile)
        walk.read(directoryAt: ifd0Offset, into: &metadata)
        if let dateTime = walk.dateTime {
            if let date = DateTime.parse(dateTime, offset: walk.offsetTime) { metadata.takenAt = date }
        } else if metadata.takenAt == nil {
            metadata.takenAt = walk.makerNoteDate  // ranked below any other date, as in exiftool
        }
        return walk.ifd0
    }

    /// Reads a TIFF structure whose first directory is a GPS directory (Canon CR3's `CMT4`).
    static func readGPSBlock(_ bytes: [UInt8], into metadata: inout ImageMetadata) {
        guard let reader = header(bytes), let offset = try? reader.u32(4) else { return }
        var walk = Walk(reader: reader, isWholeFile: false)
        walk.readGPS(at: offset, into: &metadata)
    }

    /// A reader in the byte order of the TIFF header starting `bytes`; `nil` when there is none.
    /// `allowingRAWMagic` also takes the magic numbers of Olympus ORF (`RO`, `RS`) and Panasonic
    /// RW2 (`U\0`) in place of 42.
    static func header(_ bytes: [UInt8], allowingRAWMagic: Bool = false) -> ByteReader? {
        var reader = ByteReader(bytes)
        if reader.starts(with: Array("II".utf8)) {
            reader.endian = .little
        } else if !reader.starts(with: Array("MM".utf8)) {
            return nil
        }
        guard let magic = try? reader.u16(2) else { return nil }
        return magic == 42 || (allowingRAWMagic && [0x4F52, 0x5352, 0x55].contains(magic)) ? reader : nil
    }

    /// One pass over the directories of a TIFF structure.
    private struct Walk {
        let reader: ByteReader
        let isWholeFile: Bool
        var visited: [Int] = []
        var dateTime: String?
        var offsetTime: String?
        /// The date a maker note keeps (``ReconyxMakerNote``).
        var makerNoteDate: DateTime?
        /// The first directory's entries.
        var ifd0: [Entry] = []

        init(reader: ByteReader, isWholeFile: Bool) {
            self.reader = reader
            self.isWholeFile = isWholeFile
        }

        /// Real files have IFD0, the EXIF and GPS directories and an interoperability one: a
        /// structure of more, or nested deeper, is hostile, and the rest of it is not read.
        static let maximumDirectories = 16
        static let maximumDepth = 4
        private var depth = 0

        /// Reads the directory at `offset` and those it points at (not IFD1, the thumbnail's).
        mutating func read(directoryAt offset: Int, into metadata: inout ImageMetadata) {
            guard visited.count < Self.maximumDirectories, depth < Self.maximumDepth else { return }
            depth += 1
            defer { depth -= 1 }
            let entries = TIFFReader.entries(reader, at: offset, visited: &visited)
            if visited.count == 1 { ifd0 = entries }
            for entry in entries {
                do throws(ImageMetadataError) {
                    try read(entry, into: &metadata)
                } catch {
                    continue  // a bad entry skips that tag only
                }
            }
        }

        private mutating func read(_ entry: Entry, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
            switch entry.tag {
            case 0x0100 where isWholeFile: metadata.width = try entry.integer(reader) ?? metadata.width
            case 0x0101 where isWholeFile: metadata.height = try entry.integer(reader) ?? metadata.height
            case 0x010E:
                let text = MetadataText.clean(try entry.ascii(reader))
                metadata.description = metadata.description ?? text
            case 0x010F: metadata.cameraMake = MetadataText.clean(try entry.ascii(reader)) ?? metadata.cameraMake
            case 0x0110: metadata.cameraModel = MetadataText.clean(try entry.ascii(reader)) ?? metadata.cameraModel
            case 0x0112:
                if let orientation = try entry.integer(reader), (1...8).contains(orientation) {
                    metadata.orientation = orientation
                }
            case 0x013B:
                let text = MetadataText.clean(try entry.ascii(reader))
                metadata.creator = metadata.creator ?? text
            case 0x8298:  // Copyright: the photographer's notice (an editor's may follow a NUL)
                let text = MetadataText.clean(try entry.ascii(reader))
                metadata.rights.copyright = metadata.rights.copyright ?? text
            case 0x9C9E:  // XPKeywords: UTF-16LE, semicolon-separated
                let raw = try entry.data(reader)
                let text = String(
                    decoding: stride(from: 0, to: raw.count - 1, by: 2).map {
                        UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8
                    }, as: UTF16.self)
                metadata.keywords += text.split(separator: ";").compactMap { MetadataText.clean(String($0)) }
            case 0x9003: dateTime = try entry.ascii(reader) ?? dateTime
            case 0x9011: offsetTime = try entry.ascii(reader) ?? offsetTime
            case 0xA002 where metadata.width == nil: metadata.width = try entry.integer(reader)
            case 0xA003 where metadata.height == nil: metadata.height = try entry.integer(reader)
            case 0x927C:
                let note = try entry.head(reader, ReconyxMakerNote.headLength)
                makerNoteDate = ReconyxMakerNote.date(note, make: metadata.cameraMake)
            case 0x8769:
                read(directoryAt: try entry.integer(reader) ?? -1, into: &metadata)
            case 0x02BC:  // XMP packet (in TIFF files)
                XMPReader.read(try entry.data(reader), into: &metadata)
            case 0x83BB:  // IPTC-NAA records (in TIFF files)
                IPTCReader.readRecords(try entry.data(reader), into: &metadata)
            case 0x8825:
                readGPS(at: try entry.integer(reader) ?? -1, into: &metadata)
            default: break
            }
        }

        mutating func readGPS(at offset: Int, into metadata: inout ImageMetadata) {
            guard visited.count < Self.maximumDirectories else { return }
            var latitudeRef: String?
            var longitudeRef: String?
            var latitude: Double?
            var longitude: Double?
            for entry in TIFFReader.entries(reader, at: offset, visited: &visited) {
                switch entry.tag {
                case 1: latitudeRef = try? entry.ascii(reader)
                case 2: latitude = try? entry.degrees(reader)
                case 3: longitudeRef = try? entry.ascii(reader)
                case 4: longitude = try? entry.degrees(reader)
                default: break
                }
            }
            // Both halves or neither: half a position is no position.
            if let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180 {
                metadata.latitude = GPSDegrees.tidy(latitudeRef?.hasPrefix("S") == true ? -latitude : latitude)
                metadata.longitude = GPSDegrees.tidy(longitudeRef?.hasPrefix("W") == true ? -longitude : longitude)
            }
        }
    }

    /// The entries of the IFD at `offset` that lie within the bytes, the last of each tag only;
    /// none for an IFD seen before (a loop), past the end, claiming over 1,000 entries, or whose
    /// first entry has no known type. A tag
    /// repeated a thousand times, each pointing at a megabyte, would otherwise cost a gigabyte of
    /// copying, and a thousand EXIF directories a million entries.
    ///
    /// `visited` is a list, not a set: a walk visits a few directories (at most 32), and hashing
    /// them cost more than looking through them.
    static func entries(_ reader: ByteReader, at offset: Int, visited: inout [Int]) -> [Entry] {
        guard !visited.contains(offset) else { return [] }
        visited.append(offset)
        guard let count = try? reader.u16(offset), count <= 1000 else { return [] }
        var found: [Entry] = []
        found.reserveCapacity(min(count, 64))
        var highest = -1
        for index in 0..<count {
            let base = offset + 2 + index * 12
            guard base + 12 <= reader.count, let tag = try? reader.u16(base), let type = try? reader.u16(base + 2),
                let valueCount = try? reader.u32(base + 4)
            else { break }  // a directory cut short: keep the entries before the cut
            // A first entry of no known type means this is not a directory at all (exiftool too).
            if index == 0, !(1...13).contains(type) { return [] }
            let entry = Entry(tag: tag, type: type, count: valueCount, valueOffset: base + 8)
            // Tags come in ascending order (TIFF 6.0 asks it, cameras keep it): a tag above every
            // one before is new. Only one out of order is looked for among those before, so a
            // directory of 1,000 out of order costs half a million comparisons, not a hash table
            // per file.
            if tag <= highest, let position = found.firstIndex(where: { $0.tag == tag }) {
                found[position] = entry
            } else {
                found.append(entry)
                highest = max(highest, tag)
            }
        }
        return found
    }

    /// One IFD entry; its value is inline when it fits in four bytes, else at an offset.
    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        let valueOffset: Int

        private var unitSize: Int {
            switch type {
            case 1, 2, 7: 1
            case 3: 2
            case 4, 9, 13: 4
            case 5, 10: 8
            default: 0
            }
        }

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
            case 4, 13: return try reader.u32(valueOffset)  // 13: a sub-IFD pointer, as some phones type it
            case 9: return Int(Int32(truncatingIfNeeded: try reader.u32(valueOffset)))
            default: return nil
            }
        }

        /// Up to three rationals (degrees, minutes, seconds; signed or not) as decimal degrees.
        func degrees(_ reader: ByteReader) throws(ImageMetadataError) -> Double? {
            guard type == 5 || type == 10, (1...3).contains(count) else { return nil }
            let start = try reader.u32(valueOffset)
            var total = 0.0
            for index in 0..<count {
                var numerator = try reader.u32(start + index * 8)
                var denominator = try reader.u32(start + index * 8 + 4)
                if type == 10 {
                    numerator = Int(Int32(truncatingIfNeeded: numerator))
                    denominator = Int(Int32(truncatingIfNeeded: denominator))
                }
                guard denominator != 0 else { return nil }
                total += Double(numerator) / Double(denominator) / [1.0, 60, 3600][index]
            }
            return total
        }
    }
}
