import ProviderKit

/// What the image directories of a TIFF-shaped file say about it as a camera RAW: which RAW it
/// is, the full-resolution image's size, and where its JPEG previews are.
///
/// The directories are visited in exiftool's order: IFD0's entries in turn, each SubIFD (up to
/// ten) where a directory points at them, then IFD1, IFD2 and on (the EXIF directory, which
/// ``TIFFReader`` reads, holds none of the tags used here). The size is
/// exiftool's `ImageWidth` and `ImageHeight`: those of the first directory marked full-resolution
/// (`SubfileType` 0, or the old `OldSubfileType` 1), else the first a directory gives.
struct TIFFRAWLayout {
    /// The RAW's usual extension (`dng`, `nef`, …); `nil` when the file is no RAW.
    private(set) var name: String?
    private(set) var width: Int?
    private(set) var height: Int?
    /// Each JPEG a directory points at: its offset and length in the file.
    private(set) var previews: [(offset: Int, length: Int)] = []

    /// Whether a directory, or the EXIF, GPS, XMP or IPTC block, lies past the bytes read: the
    /// file must be read further to be read whole.
    private(set) var isCut = false
    /// IFD0's EXIF directory, where maker notes keep more previews (``MakerNotePreviews``).
    private(set) var exifDirectory: Int?
    /// Panasonic RW2's JpgFromRaw: a JPEG preview whose EXIF block holds the date and GPS.
    private(set) var jpegFromRAW: (offset: Int, length: Int)?
    /// Panasonic RW2's sensor borders (top, left, bottom, right), whose differences are its size.
    private var borders: [Int: Int] = [:]
    /// IFD0's Make and Model, decoded only when the maker names the RAW (``identify(_:)``).
    private var make: TIFFReader.Entry?
    private var model: TIFFReader.Entry?
    private var hasRAWData = false
    private var rawCompression: Int?
    private var ifd0Compression: Int?
    private var hasDNGVersion = false
    /// The first directory marked full-resolution: IFD*n* as *n*, SubIFD*k* as -1 - *k* (as exiftool
    /// names them: SubIFDs of different directories share a name).
    private var fullResolutionDirectory: Int?
    private var visited: [Int] = []
    private var directories = 0

    /// Real RAWs have a few directories: more is hostile, and the rest is not read.
    private static let maximumDirectories = 32

    /// Compressions only RAW data uses, with the RAW each names (exiftool's `IdentifyRawFile`).
    private static let rawCompressions = [
        32767: "arw", 32769: "srw", 32770: "srw", 32772: "srw", 32867: "kdc", 34713: "nef", 65000: "dcr",
        65535: "pef",
    ]

    /// Reads the layout of the TIFF structure in `reader` (the file's first bytes); `ifd0`: IFD0's
    /// entries where ``TIFFReader`` has read them already (the directory is then not read again).
    init(_ reader: ByteReader, ifd0 given: [TIFFReader.Entry]? = nil) {
        isPanasonic = (try? reader.u16(2)) == 0x55
        guard let ifd0 = try? reader.u32(4) else { return }
        isCut = ifd0 >= reader.count
        var next = ifd0
        var index = 0
        while next > 0, index < Self.maximumDirectories {
            next = walk(reader, at: next, named: index, entries: index == 0 ? given : nil) ?? 0
            index += 1
        }
        name = identify(reader)
        // exiftool's composite size for RW2: the sensor's right less left, bottom less top border.
        if isPanasonic, let top = borders[4], let left = borders[5], let bottom = borders[6], let right = borders[7],
            right > left, bottom > top
        {
            width = right - left
            height = bottom - top
        }
    }

    private let isPanasonic: Bool

    /// Reads one directory and those it points at; returns the next directory's offset.
    private mutating func walk(
        _ reader: ByteReader, at offset: Int, named directory: Int, depth: Int = 0,
        entries given: [TIFFReader.Entry]? = nil
    ) -> Int? {
        guard directories < Self.maximumDirectories, depth < 4 else { return nil }
        directories += 1
        let entries: [TIFFReader.Entry]
        if let given {
            visited.append(offset)
            entries = given
        } else {
            entries = TIFFReader.entries(reader, at: offset, visited: &visited)
        }
        guard !entries.isEmpty else { return nil }
        var compression: Int?
        var jpegStart: Int?
        var jpegLength: Int?
        var strips: [Int] = []
        var stripLengths: [Int] = []
        for entry in entries {
            // The integer value, read only for the tags that have one.
            var value: Int? { (try? entry.integer(reader)) ?? nil }
            switch entry.tag {
            case 0x00FE:
                if value == 0, fullResolutionDirectory == nil { fullResolutionDirectory = directory }
            case 0x00FF:
                if value == 1, fullResolutionDirectory == nil { fullResolutionDirectory = directory }
            case 0x0100 where width == nil || directory == fullResolutionDirectory: width = value ?? width
            case 0x0101 where height == nil || directory == fullResolutionDirectory: height = value ?? height
            case 0x0103:
                let found = value
                compression = found
                if directory == 0 { ifd0Compression = found }
                if let found, rawCompression == nil, Self.rawCompressions[found] != nil { rawCompression = found }
            case 0x0106:
                if value == 32803 || value == 34892 { hasRAWData = true }  // colour filter array, linear raw
            case 0x828E: hasRAWData = true  // CFAPattern
            case 0x010F: if directory == 0 { make = entry }
            case 0x0110: if directory == 0 { model = entry }
            case 0xC612: hasDNGVersion = true
            case 0x0004...0x0007 where isPanasonic && directory == 0: borders[entry.tag] = value
            case 0x002E where isPanasonic && directory == 0 && entry.type == 7:
                if let start = try? reader.u32(entry.valueOffset), entry.count > 4 {
                    jpegFromRAW = (start, entry.count)
                    previews.append((start, entry.count))
                }
            case 0x8769, 0x8825:
                if let value, value >= reader.count { isCut = true }
                if entry.tag == 0x8769, directory == 0 { exifDirectory = value }
            case 0x02BC, 0x83BB:  // XMP, IPTC: where the block ends
                let size = entry.count * (entry.type == 4 ? 4 : 1)
                if size > 4, let start = try? reader.u32(entry.valueOffset), start + size > reader.count {
                    isCut = true
                }
            case 0x0111: strips = (try? Self.integers(entry, reader)) ?? []
            case 0x0117: stripLengths = (try? Self.integers(entry, reader)) ?? []
            case 0x0201: jpegStart = value
            case 0x0202: jpegLength = value
            case 0x014A:
                let offsets = ((try? Self.integers(entry, reader)) ?? []).prefix(10)
                if offsets.contains(where: { $0 >= reader.count }) { isCut = true }
                for (number, subdirectory) in offsets.enumerated() {
                    _ = walk(reader, at: subdirectory, named: -1 - number, depth: depth + 1)
                }
            default: break
            }
        }
        if let jpegStart, let jpegLength { previews.append((jpegStart, jpegLength)) }
        if compression == 6 || compression == 7, strips.count == 1, stripLengths.count == 1 {
            previews.append((strips[0], stripLengths[0]))
        }
        let count = (try? reader.u16(offset)) ?? 0
        let next = try? reader.u32(offset + 2 + count * 12)
        if let next, next >= reader.count { isCut = true }
        return next
    }

    /// Up to 64 unsigned values of a SHORT, LONG or IFD entry.
    private static func integers(_ entry: TIFFReader.Entry, _ reader: ByteReader) throws(ImageMetadataError) -> [Int] {
        let size = entry.type == 3 ? 2 : 4
        guard [3, 4, 13].contains(entry.type), entry.count >= 1 else { return [] }
        let count = min(entry.count, 64)
        let start = entry.count * size <= 4 ? entry.valueOffset : try reader.u32(entry.valueOffset)
        var values: [Int] = []
        for index in 0..<count {
            values.append(size == 2 ? try reader.u16(start + index * 2) : try reader.u32(start + index * 4))
        }
        return values
    }

    /// Each maker's RAW by the start of its `Make`, upper-cased (`nef` may be `nrw`, `arw` `sr2`
    /// and `dcr` `kdc`: see ``identify(_:)``).
    private static let byMake: [(make: String, name: String)] = [
        ("NIKON", "nef"), ("SONY", "arw"), ("PENTAX", "pef"), ("RICOH", "pef"), ("SAMSUNG", "srw"),
        ("HASSELBLAD", "3fr"), ("SEIKO EPSON", "erf"), ("EPSON", "erf"), ("MAMIYA", "mef"), ("LEAF", "mos"),
        ("PHASE ONE", "iiq"), ("OLYMPUS", "orf"), ("KODAK", "dcr"), ("EASTMAN KODAK", "dcr"), ("PANASONIC", "rw2"),
        ("LEICA", "dng"), ("CANON", "cr2"), ("FUJIFILM", "raf"),
    ]

    /// The RAW's name, by the marks each maker's files carry.
    private func identify(_ reader: ByteReader) -> String? {
        if hasDNGVersion { return "dng" }
        if reader.starts(with: [0x43, 0x52, 0x02, 0x00], at: 8) { return "cr2" }  // "CR" 2 0
        switch (try? reader.u16(2)) ?? 0 {
        case 0x4F52, 0x5352: return "orf"
        case 0x55: return "rw2"
        default: break
        }
        guard hasRAWData || rawCompression != nil else { return nil }
        let maker = (make.flatMap { (try? $0.ascii(reader)) ?? nil } ?? "").uppercased()
        if let found = Self.byMake.first(where: { maker.hasPrefix($0.make) }) {
            switch found.name {
            case "nef": return ifd0Compression == 6 ? "nrw" : "nef"
            case "arw": return model.flatMap { (try? $0.ascii(reader)) ?? nil } == "DSC-R1" ? "sr2" : "arw"
            case "dcr": return rawCompression == 32867 ? "kdc" : "dcr"
            default: return found.name
            }
        }
        return rawCompression.flatMap { Self.rawCompressions[$0] } ?? "raw"
    }
}
