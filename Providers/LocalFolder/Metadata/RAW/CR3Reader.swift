import ProviderKit

/// Reads Canon CR3 files: ISO base media (brand `crx `) whose `moov` box holds Canon's `uuid`
/// box (85c0b687-820f-11e0-8111-f4ce462b6a48) of TIFF blocks: `CMT1` (IFD0: camera, orientation,
/// size), `CMT2` (the EXIF directory: date), `CMT4` (GPS), and `THMB` (a small JPEG); a top-level
/// `uuid` box (eaf42b5e-1c98-4b88-b9fb-b7dc406e4d16) holds `PRVW`, a larger JPEG preview.
enum CR3Reader {
    static let canonBox: [UInt8] = [
        0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
    ]
    static let previewBox: [UInt8] = [
        0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16,
    ]

    /// What a CR3 file's boxes hold.
    struct Layout {
        var ifd0: [UInt8]?
        var exif: [UInt8]?
        var gps: [UInt8]?
        /// The JPEGs of `THMB` and `PRVW`: offset and length in the file.
        var previews: [(offset: Int, length: Int)] = []
    }

    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let layout = try Self.layout(of: file)
        guard let ifd0 = layout.ifd0 else {
            throw ImageMetadataError(message: "a Canon CR3 file without its CMT1 block (the camera's directory)")
        }
        try TIFFReader.read(ifd0, into: &metadata, isWholeFile: true)
        metadata.format = "cr3"
        if let exif = layout.exif { _ = try? TIFFReader.read(exif, into: &metadata) }
        if let gps = layout.gps { TIFFReader.readGPSBlock(gps, into: &metadata) }
    }

    /// Finds the boxes of `file`: the top level's box headers, `moov` read whole (within the
    /// read budget), and of `PRVW` only its header.
    static func layout(of file: FileBytes) throws(ImageMetadataError) -> Layout {
        var layout = Layout()
        var offset = 0
        var count = 0
        while offset + 8 <= file.size, count < 64 {
            count += 1
            let header = ByteReader(try file.read(offset, 16))
            var size = try header.u32(0)
            let type = String(decoding: try header.slice(4, 4), as: UTF8.self)
            var headerSize = 8
            if size == 1 {
                guard try header.u32(8) == 0 else { break }  // past 4 GB: no metadata there
                size = try header.u32(12)
                headerSize = 16
            } else if size == 0 {
                size = file.size - offset
            }
            guard size >= headerSize else {
                throw ImageMetadataError(message: "a CR3 box at byte \(offset) is shorter than its header")
            }
            let body = offset + headerSize
            let bodySize = min(size - headerSize, file.size - body)
            if type == "moov" {
                try readMovie(ByteReader(try file.read(body, bodySize)), at: body, into: &layout)
            } else if type == "uuid", bodySize >= 0x30 {
                let start = ByteReader(try file.read(body, 0x30))
                if start.starts(with: previewBox), start.starts(with: Array("PRVW".utf8), at: 0x1C) {
                    layout.previews.append((body + 0x30, try start.u32(0x2C)))
                }
            }
            offset += size
        }
        return layout
    }

    /// Reads Canon's box in `moov` (whose body starts at `start` in the file).
    private static func readMovie(_ movie: ByteReader, at start: Int, into layout: inout Layout)
        throws(ImageMetadataError)
    {
        for box in try HEIFReader.boxes(in: 0..<movie.count, of: movie) where box.type == "uuid" {
            guard box.body.count >= 16, movie.starts(with: canonBox, at: box.body.lowerBound) else { continue }
            for item in try HEIFReader.boxes(in: box.body.lowerBound + 16..<box.body.upperBound, of: movie) {
                let bytes = { () throws(ImageMetadataError) in try movie.slice(item.body.lowerBound, item.body.count) }
                switch item.type {
                case "CMT1": layout.ifd0 = try bytes()
                case "CMT2": layout.exif = try bytes()
                case "CMT4": layout.gps = try bytes()
                case "THMB" where item.body.count >= 16:
                    layout.previews.append((start + item.body.lowerBound + 16, try movie.u32(item.body.lowerBound + 8)))
                default: break
                }
            }
        }
    }
}
