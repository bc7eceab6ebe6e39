import ProviderKit

/// The JPEG previews camera makers keep in their maker notes, where exiftool finds the usable
/// preview of an Olympus ORF or a Sony ARW: Olympus's PreviewImageStart and -Length (in the
/// CameraSettings sub-IFD, tag 0x2020, of newer notes; in the note itself, tags 0x0088/0x0089
/// and 0x1036/0x1037, of older ones) and Sony's PreviewImage (tag 0x2001: a 32-byte header,
/// then the JPEG). Only the notes' directories are read, as exiftool's tag tables
/// (Image::ExifTool::Olympus, Sony, MakerNotes) describe them.
enum MakerNotePreviews {
    /// Where each preview is, and whether the note or a directory of it lies past the bytes.
    struct Found {
        var previews: [(offset: Int, length: Int)] = []
        var isCut = false
    }

    /// The kinds of note read: how each starts, where its directory begins, and where its
    /// offsets count from (the note's own start, or the TIFF header).
    private struct Kind {
        let header: [UInt8]
        let directoryAt: Int
        let countsFromNote: Bool
        /// Where the note's own byte order mark (`II`/`MM`) is, when it has one.
        let byteOrderAt: Int?
        let isSony: Bool
    }

    private static let kinds = [
        Kind(header: Array("OLYMPUS\0".utf8), directoryAt: 12, countsFromNote: true, byteOrderAt: 8, isSony: false),
        Kind(header: Array("OM SYSTEM\0".utf8), directoryAt: 16, countsFromNote: true, byteOrderAt: 12, isSony: false),
        Kind(header: Array("OLYMP\0".utf8), directoryAt: 8, countsFromNote: false, byteOrderAt: nil, isSony: false),
        Kind(header: Array("SONY DSC ".utf8), directoryAt: 12, countsFromNote: false, byteOrderAt: nil, isSony: true),
        Kind(header: Array("SONY CAM ".utf8), directoryAt: 12, countsFromNote: false, byteOrderAt: nil, isSony: true),
    ]

    /// The previews the maker note of the EXIF directory at `exifDirectory` points at.
    static func find(_ reader: ByteReader, exifDirectory: Int) -> Found {
        var found = Found()
        guard exifDirectory < reader.count else {
            found.isCut = true
            return found
        }
        var visited: [Int] = []
        let exif = TIFFReader.entries(reader, at: exifDirectory, visited: &visited)
        guard let entry = exif.last(where: { $0.tag == 0x927C }), entry.type == 7, entry.count > 16,
            let start = try? reader.u32(entry.valueOffset)
        else { return found }
        guard start + 16 <= reader.count else {
            found.isCut = true
            return found
        }
        guard let kind = kinds.first(where: { reader.starts(with: $0.header, at: start) }) else { return found }
        var note = reader
        if let at = kind.byteOrderAt {
            if note.starts(with: Array("II".utf8), at: start + at) {
                note.endian = .little
            } else if note.starts(with: Array("MM".utf8), at: start + at) {
                note.endian = .big
            }
        }
        let base = kind.countsFromNote ? start : 0
        let directory = start + kind.directoryAt
        // A directory running past the bytes read: read further (its entries up to the cut are kept).
        if let count = try? note.u16(directory), directory + 2 + count * 12 > note.count { found.isCut = true }
        let entries = TIFFReader.entries(note, at: directory, visited: &visited)
        if kind.isSony {
            // PreviewImage: its 32-byte header (length and size), then the JPEG.
            if let preview = entries.first(where: { $0.tag == 0x2001 }), preview.type == 7, preview.count > 32,
                let data = try? note.u32(preview.valueOffset)
            {
                found.previews.append((base + data + 32, preview.count - 32))
            }
            return found
        }
        found.add(note, entries, base: base, pairs: [(0x0088, 0x0089), (0x1036, 0x1037)], valid: 0x1035)
        if let settings = entries.first(where: { $0.tag == 0x2020 }), let at = try? note.u32(settings.valueOffset) {
            let count = (try? note.u16(base + at)) ?? 0
            if base + at + 2 + count * 12 > note.count { found.isCut = true }
            let inner = TIFFReader.entries(note, at: base + at, visited: &visited)
            found.add(note, inner, base: base, pairs: [(0x0101, 0x0102)], valid: 0x0100)
        }
        return found
    }
}

extension MakerNotePreviews.Found {
    /// Adds each start and length pair of `entries` (offsets from `base`), unless the
    /// directory's `valid` tag says there is no preview.
    fileprivate mutating func add(
        _ reader: ByteReader, _ entries: [TIFFReader.Entry], base: Int, pairs: [(start: Int, length: Int)], valid: Int
    ) {
        func value(_ tag: Int) -> Int? {
            entries.first { $0.tag == tag }.flatMap { (try? $0.integer(reader)) ?? nil }
        }
        if value(valid) == 0 { return }
        for pair in pairs {
            if let start = value(pair.start), let length = value(pair.length), start > 0, length > 0 {
                previews.append((base + start, length))
            }
        }
    }
}
