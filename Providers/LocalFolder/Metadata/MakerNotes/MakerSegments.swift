import ProviderKit

/// The JPEG segments of older and special cameras that exiftool reads a date or a camera from:
/// APP0 `CIFF` (early Canon PowerShots, ``CIFFReader``), APP1 `QVCI` (Casio QV), APP1 `FLIR`
/// (thermal cameras: the FFF record, split over segments) and APP12 Picture Info (Olympus, Agfa,
/// Polaroid: ``PictureInfo``).
///
/// Each is read where it comes in the file, and what it gives replaces what came before, as
/// exiftool's reading does (a later tag of the same name wins) — except Picture Info's date,
/// which exiftool ranks below every other.
struct MakerSegments {
    private var flirChunks: [Int: [UInt8]] = [:]
    private var flirTotal: Int?
    private var flirSeen = 0
    private var flirDone = false

    /// Reads the APP0 body of `length` bytes at `start`: a CIFF block, or nothing of interest.
    static func readAPP0(_ file: FileBytes, at start: Int, length: Int, into metadata: inout ImageMetadata)
        throws(ImageMetadataError)
    {
        let head = try file.read(start, 14)
        guard CIFFReader.isCIFF(head), ByteReader(head).starts(with: Array("HEAPJPGM".utf8), at: 6) else { return }
        // A broken CIFF block loses what it holds, not the file.
        try? CIFFReader.read(FileBytes(bytes: try file.read(start, length)), into: &metadata)
    }

    /// Reads an APP12 body: Picture Info's date, where nothing gave one.
    static func readAPP12(_ body: [UInt8], into metadata: inout ImageMetadata) {
        guard metadata.takenAt == nil, PictureInfo.isPictureInfo(body) else { return }
        metadata.takenAt = PictureInfo.date(body)
    }

    /// Reads an APP1 body that is neither EXIF nor XMP.
    mutating func readAPP1(_ body: [UInt8], into metadata: inout ImageMetadata) {
        let reader = ByteReader(body)
        if reader.starts(with: Array("QVCI\0".utf8)) {
            if let date = CasioQV.date(body) { metadata.takenAt = date }
        } else if reader.starts(with: Array("FLIR\0".utf8)), body.count >= 8 {
            takeFLIRChunk(body, into: &metadata)
        }
    }

    /// Keeps one FLIR chunk; reads the record once all have come, as exiftool does (a chunk
    /// count that changes on the way stops the reading).
    private mutating func takeFLIRChunk(_ body: [UInt8], into metadata: inout ImageMetadata) {
        guard !flirDone else { return }
        let number = Int(body[6])
        let total = Int(body[7]) + 1
        if let flirTotal, flirTotal != total {
            flirDone = true
            return
        }
        flirTotal = total
        flirChunks[number, default: []] += body[8...]  // a repeated number adds on, as in exiftool
        flirSeen += 1
        guard flirSeen >= total else { return }
        flirDone = true
        let record = flirChunks.keys.sorted().flatMap { flirChunks[$0] ?? [] }
        flirChunks = [:]
        if let date = FLIRRecord.date(record) { metadata.takenAt = date }
    }
}

/// Casio QV's APP1 `QVCI` block: the date taken, 20 bytes at 0x4D, `YYYY.MM.DD HH:MM:SS`
/// (exiftool's Casio::QVCI table).
enum CasioQV {
    static func date(_ body: [UInt8]) -> DateTime? {
        guard body.count >= 0x4D + 19 else { return nil }
        var text = Array(body[0x4D..<min(body.count, 0x4D + 20)].prefix { $0 != 0 })
        // exiftool: every `.` becomes `:`, and the `:` after the date a space.
        text = text.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ":") : $0 }
        if text.count > 10, text[10] == UInt8(ascii: ":") { text[10] = UInt8(ascii: " ") }
        return MetadataText.clean(MetadataText.decode(text)).flatMap { DateTime.parse($0) }
    }
}

/// A FLIR FFF record (exiftool's FLIR module): a 64-byte header (`FFF\0`, version 100–199 at
/// 0x14, which also tells the byte order; the directory's place at 0x18 and its entry count at
/// 0x1C), then 32-byte directory entries (type, …, offset at 0x0C, length at 0x10). The
/// CameraInfo record (type 0x20) holds the date taken at 0x384: seconds since 1970 in UTC,
/// milliseconds, and the offset in minutes west of UTC.
enum FLIRRecord {
    static let maximumEntries = 256

    static func date(_ record: [UInt8]) -> DateTime? {
        var reader = ByteReader(record)
        guard reader.starts(with: Array("FFF\0".utf8)) || reader.starts(with: Array("AFF\0".utf8)),
            record.count >= 0x40
        else { return nil }
        guard let version = try? reader.u32(0x14) else { return nil }
        if !(100..<200).contains(version) {
            reader.endian = .little
            guard let swapped = try? reader.u32(0x14), (100..<200).contains(swapped) else { return nil }
        }
        guard let directory = try? reader.u32(0x18), let count = try? reader.u32(0x1C) else { return nil }
        var date: DateTime?
        for index in 0..<min(count, maximumEntries) {
            let entry = directory + index * 0x20
            guard let type = try? reader.u16(entry), let offset = try? reader.u32(entry + 0x0C),
                let length = try? reader.u32(entry + 0x10)
            else { break }  // the directory cut short: exiftool stops there too
            guard type == 0x20, let info = try? reader.slice(offset, length) else { continue }
            date = cameraInfoDate(info, endian: reader.endian) ?? date
        }
        return date
    }

    private static func cameraInfoDate(_ info: [UInt8], endian: ByteReader.Endian) -> DateTime? {
        var reader = ByteReader(info, endian: endian)
        // The record's first value is 2 in its own byte order, which may differ from the header's.
        if let mark = try? reader.u16(0), mark >= 0x100 { reader.endian = endian == .big ? .little : .big }
        guard info.count >= 0x384 + 10, let seconds = try? reader.u32(0x384), let minutes = try? reader.u16(0x38C)
        else { return nil }
        let west = Int(Int16(truncatingIfNeeded: minutes))
        let local = Int64(seconds) - Int64(west * 60)
        guard local != 0 else { return nil }
        return DateTime(localSeconds: local, utcOffsetSeconds: -west * 60)
    }
}
