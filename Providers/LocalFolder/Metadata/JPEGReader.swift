/// Reads a JPEG's segments up to the image data: dimensions from SOF, EXIF and XMP from APP1,
/// IPTC from APP13.
import ProviderKit

enum JPEGReader {
    /// Reads `file`'s segments into `metadata`.
    ///
    /// A file cut short keeps what came before the cut, as exiftool does ("JPEG format error" is
    /// its warning, not an error); only a file cut before anything could be read is an error.
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let nothingRead = metadata
        var makers = MakerSegments()
        // IPTC is read last, as it fills only what EXIF and XMP left out, wherever it comes.
        var iptc: [[UInt8]] = []
        defer { for block in iptc { IPTCReader.read(photoshop: block, into: &metadata) } }
        var offset = 2
        while offset + 4 <= file.size {
            let header = ByteReader(try file.read(offset, 4))
            guard try header.u8(0) == 0xFF else {
                // Stray bytes between segments: skip to the next marker, as exiftool does.
                let limit = 256
                offset = try file.offset(of: 0xFF, from: offset, within: limit) ?? offset + limit
                continue
            }
            let marker = try header.u8(1)
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return }  // end of image, start of scan
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = try header.u16(2)
            guard length >= 2 else {
                // Not a segment (a damaged marker): look for the next one, as for stray bytes.
                offset += 1
                continue
            }
            guard length <= file.size - offset - 2 else {
                // The segment cut short is not read (exiftool reads none of it either).
                guard metadata != nothingRead || !iptc.isEmpty else {
                    throw ImageMetadataError(message: "the file ends inside a JPEG segment: it is cut short")
                }
                return
            }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                // A frame too short to hold its size is passed over: the bytes after it are another
                // segment's, and what was read before it stays.
                let frame = ByteReader(try file.read(offset + 4, min(6, length - 2)))
                if let height = try? frame.u16(1), let width = try? frame.u16(3) {
                    metadata.height = height
                    metadata.width = width
                }
            case 0xE1:
                let body = try file.read(offset + 4, length - 2)
                let reader = ByteReader(body)
                if let tiffStart = exifStart(reader) {
                    // A broken EXIF block loses what it holds, not the file (exiftool: a warning).
                    _ = try? TIFFReader.read(Array(body[tiffStart...]), into: &metadata)
                } else if reader.starts(with: xmpHeader) {
                    XMPReader.read(Array(body.dropFirst(xmpHeader.count)), into: &metadata)
                } else {
                    makers.readAPP1(body, into: &metadata)
                }
            case 0xE0 where length >= 16:
                try MakerSegments.readAPP0(file, at: offset + 4, length: length - 2, into: &metadata)
            case 0xEC:
                MakerSegments.readAPP12(try file.read(offset + 4, length - 2), into: &metadata)
            case 0xED:
                let body = try file.read(offset + 4, length - 2)
                if ByteReader(body).starts(with: Array("Photoshop 3.0\0".utf8)) { iptc.append(body) }
            default: break
            }
            offset += 2 + length
        }
    }

    /// Where the TIFF structure starts in an APP1 body that holds EXIF: after "Exif\0" and one
    /// more byte (some Kodak cameras write no second NUL), allowing up to four bytes of garbage
    /// before it (a repeated segment header), as exiftool does.
    private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    private static func exifStart(_ body: ByteReader) -> Int? {
        let identifier = exifIdentifier
        // The TIFF start may be the body's end (nothing follows), never past it.
        return (0...4).first { body.starts(with: identifier, at: $0) && $0 + 6 <= body.count }.map { $0 + 6 }
    }

    private static let exifIdentifier = Array("Exif\0".utf8)
}
