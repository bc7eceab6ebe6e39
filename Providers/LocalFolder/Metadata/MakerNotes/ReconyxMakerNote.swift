import ProviderKit

/// The date a Reconyx trail camera keeps in its maker note (EXIF 0x927C), as exiftool's Reconyx
/// tables read it, little-endian:
/// - Hyperfire (`01 F1`, then `02 00`/`03 00`, or any note when the make is `RECONYX`): six
///   16-bit values at byte 0x16, seconds, minutes, hours, month, day, year (some cameras write
///   them big-endian: exiftool turns them when the first has only its high byte set);
/// - UltraFire (`RECONYXUF\0`): seven bytes at 0x3B, seconds, minutes, hours, day, month, and
///   the year's low and high bytes;
/// - HF2 PRO (`RECONYXH2\0`): six 16-bit values at 0x3E, seconds, minutes, hours, day, month, year.
///
/// exiftool ranks these below EXIF's own date (priority 0): they count only where EXIF has none.
enum ReconyxMakerNote {
    /// Enough of a note for every layout's date.
    static let headLength = 0x4A

    static func date(_ head: [UInt8], make: String?) -> DateTime? {
        let note = ByteReader(head, endian: .little)
        func values(at offset: Int, count: Int, width: Int) -> [Int]? {
            var result: [Int] = []
            for index in 0..<count {
                guard let value = try? (width == 2 ? note.u16(offset + index * 2) : Int(note.u8(offset + index)))
                else { return nil }
                result.append(value)
            }
            return result
        }
        let parts: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
        if note.starts(with: Array("RECONYXUF\0".utf8)) {
            guard let v = values(at: 0x3B, count: 7, width: 1) else { return nil }
            parts = (v[5] + v[6] * 256, v[4], v[3], v[2], v[1], v[0])
        } else if note.starts(with: Array("RECONYXH2\0".utf8)) {
            guard let v = values(at: 0x3E, count: 6, width: 2) else { return nil }
            parts = (v[5], v[4], v[3], v[2], v[1], v[0])
        } else if note.starts(with: [0x01, 0xF1]),
            note.starts(with: [0x02, 0x00], at: 2) || note.starts(with: [0x03, 0x00], at: 2) || make == "RECONYX"
        {
            guard var v = values(at: 0x16, count: 6, width: 2) else { return nil }
            if v[0] & 0xFF00 != 0, v[0] & 0xFF == 0 { v = v.map { ($0 >> 8) | (($0 & 0xFF) << 8) } }
            parts = (v[5], v[3], v[4], v[2], v[1], v[0])
        } else {
            return nil
        }
        return DateTime(
            year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
            second: parts.second, utcOffsetSeconds: nil)
    }
}

extension TIFFReader.Entry {
    /// Up to `limit` bytes of a value of bytes (a maker note), without copying the rest.
    func head(_ reader: ByteReader, _ limit: Int) throws(ImageMetadataError) -> [UInt8] {
        guard type == 7 || type == 1, count > 0 else { return [] }
        let start = count <= 4 ? valueOffset : try reader.u32(valueOffset)
        return try reader.slice(start, min(count, limit))
    }
}
