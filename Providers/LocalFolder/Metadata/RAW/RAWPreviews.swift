import ProviderKit

/// One JPEG preview a camera RAW embeds: where its bytes are and its size in pixels.
package struct RAWPreview: Sendable, Equatable {
    /// The JPEG's first byte in the file.
    package let offset: Int
    /// The JPEG's length in bytes.
    package let length: Int
    package let width: Int
    package let height: Int
}

/// The JPEG previews embedded in camera RAW files, found from their headers; the RAW image data
/// is never decoded. TIFF-shaped RAWs: each directory's JPEGInterchangeFormat and -Length, and
/// JPEG-compressed directories of one strip (DNG, CR2, NEF, ARW, PEF, SRW, …), RW2's
/// JpgFromRaw, and the previews Olympus and Sony keep in their maker notes (``MakerNotePreviews``);
/// CR3: `THMB` and `PRVW`; RAF: the JPEG its header points at; CRW: JpgFromRaw (``CIFFReader``).
package enum RAWPreviews {
    /// The smallest width the gallery's grid wants.
    package static let gridWidth = 256

    /// Each preview of the RAW `file`, smallest first; none for a file that is not a RAW.
    package static func find(in file: FileBytes) throws(ImageMetadataError) -> [RAWPreview] {
        try findInRAW(file) ?? []
    }

    /// Each preview of `file`, smallest first, when it is a camera RAW (none for a RAW without
    /// any); `nil` when it is no RAW (a plain TIFF, a JPEG).
    package static func findInRAW(_ file: FileBytes) throws(ImageMetadataError) -> [RAWPreview]? {
        let head = try file.read(0, ImageFormat.signatureLength)
        guard let format = ImageFormat.detect(head), format == .tiff || format == .raw || format == .crw else {
            return nil
        }
        var places: [(offset: Int, length: Int)]
        if format == .crw {
            places = try CIFFReader.previews(of: file)
        } else if head.starts(with: Array("FUJIFILMCCD-RAW".utf8)) {
            places = [try RAFReader.preview(of: file)]
        } else if format == .raw, head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            places = try CR3Reader.layout(of: file).previews
        } else {
            // The directories are at the start (as ``RAWReader/firstRead`` reads them), unless
            // they point further on.
            let first = try file.read(0, min(file.size, RAWReader.firstRead))
            guard let reader = TIFFReader.header(first, allowingRAWMagic: true) else {
                return format == .raw ? [] : nil
            }
            var tiff = tiffPlaces(reader)
            // (Leaving part of the read budget for the previews' own headers.)
            let further = FileBytes.budget - RAWReader.firstRead - (256 << 10)
            if tiff.isCut, file.size > first.count,
                let whole = TIFFReader.header(try file.read(0, min(file.size, further)), allowingRAWMagic: true)
            {
                tiff = tiffPlaces(whole)
            }
            guard let listed = tiff.places else { return format == .raw ? [] : nil }
            places = listed
        }
        var found: [RAWPreview] = []
        for place in places where place.length > 4 && place.offset >= 0 && place.offset <= file.size - place.length {
            guard !found.contains(where: { $0.offset == place.offset }),
                let size = try? JPEGSize.read(file, at: place.offset, length: place.length)
            else { continue }
            found.append(RAWPreview(offset: place.offset, length: place.length, width: size.width, height: size.height))
        }
        return found.sorted { ($0.width * $0.height, $0.offset) < ($1.width * $1.height, $1.offset) }
    }

    /// Where a TIFF-shaped RAW's previews are (`nil` for a file that is no RAW): its directories'
    /// and its maker note's; and whether a directory or the note lies past `reader`'s bytes.
    private static func tiffPlaces(_ reader: ByteReader) -> (places: [(offset: Int, length: Int)]?, isCut: Bool) {
        let layout = TIFFRAWLayout(reader)
        guard layout.name != nil else { return (nil, layout.isCut) }
        guard let exif = layout.exifDirectory else { return (layout.previews, layout.isCut) }
        let notes = MakerNotePreviews.find(reader, exifDirectory: exif)
        return (layout.previews + notes.previews, layout.isCut || notes.isCut)
    }

    /// The preview for a grid of thumbnails: the smallest at least ``gridWidth`` wide, else the largest.
    package static func forGrid(_ previews: [RAWPreview]) -> RAWPreview? {
        previews.filter { $0.width >= gridWidth }.min { $0.width * $0.height < $1.width * $1.height }
            ?? previews.max { $0.width * $0.height < $1.width * $1.height }
    }

    /// The largest grid preview ``gridJPEG(of:at:)`` gives (a page carries it inline).
    static let maximumGridSize = 1 << 20

    /// The bytes of the grid's preview of the RAW `file` (at `path`), as they are; `nil` for a
    /// file that is no RAW, has no preview, or whose grid preview is over ``maximumGridSize``.
    static func gridJPEG(of file: FileBytes, at path: FileSystemPath) -> [UInt8]? {
        guard let preview = forGrid((try? find(in: file)) ?? []), preview.length <= maximumGridSize,
            let bytes = try? FileBytes(path: path).read(preview.offset, preview.length)  // a budget of its own
        else { return nil }
        return bytes.count == preview.length ? bytes : nil
    }

    /// The preview for a full-screen view: the largest.
    package static func forFullScreen(_ previews: [RAWPreview]) -> RAWPreview? {
        previews.max { $0.width * $0.height < $1.width * $1.height }
    }
}

/// A JPEG's size in pixels, from its frame header (SOF0–SOF15 but DHT, JPG and DAC).
enum JPEGSize {
    /// Walks the markers of the JPEG at `offset` (no longer than `length`) to its frame header.
    static func read(_ file: FileBytes, at offset: Int, length: Int) throws(ImageMetadataError)
        -> (width: Int, height: Int)?
    {
        guard try file.read(offset, 2) == [0xFF, 0xD8] else { return nil }
        var position = offset + 2
        let end = offset + length
        var segments = 0
        while position + 9 <= end, segments < 1_000 {
            segments += 1
            let header = ByteReader(try file.read(position, 9))
            guard try header.u8(0) == 0xFF else { return nil }
            let marker = try header.u8(1)
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                position += 2
                continue
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (try header.u16(7), try header.u16(5))
            }
            let size = try header.u16(2)
            guard size >= 2 else { return nil }
            position += 2 + size
        }
        return nil
    }
}
