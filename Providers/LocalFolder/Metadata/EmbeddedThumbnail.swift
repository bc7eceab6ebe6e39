import Foundation
import ProviderKit

/// The small JPEG a camera embeds in a JPEG's EXIF block (IFD1, JPEGInterchangeFormat), or a
/// camera RAW's preview for a grid (``RAWPreviews/forGrid(_:)``), for views that show a
/// thumbnail without decoding the full image (the gallery page).
package enum EmbeddedThumbnail {
    /// The largest embedded thumbnail kept: cameras write about 10 KB; more is not a thumbnail.
    static let maximumSize = 64 << 10

    /// Each file's thumbnail JPEG bytes, for the files of `paths` that have one (a file that is
    /// not a readable JPEG has none), in their order until `budget` bytes are taken: a page that
    /// carries them inline stays bounded whatever previews a folder of RAWs holds. Reads on
    /// ``BlockingExecutor``, never on Swift's pool.
    package static func jpegs(atPaths paths: [FileSystemPath], budget: Int = .max) async -> [FileSystemPath: [UInt8]] {
        let found = try? await BlockingExecutor.shared.run { cancelled in
            var found: [FileSystemPath: [UInt8]] = [:]
            var left = budget
            for path in paths where !cancelled.isSet && left > 0 {
                guard let file = try? FileBytes(path: path),
                    let jpeg = (try? read(file)) ?? RAWPreviews.gridJPEG(of: file, at: path), jpeg.count <= left
                else { continue }
                found[path] = jpeg
                left -= jpeg.count
            }
            return found
        }
        return found ?? [:]
    }

    /// The thumbnail in `file`, a JPEG.
    static func read(_ file: FileBytes) throws(ImageMetadataError) -> [UInt8]? {
        guard file.size > 4, try file.read(0, 2) == [0xFF, 0xD8] else { return nil }
        var offset = 2
        while offset + 4 <= file.size {
            let header = ByteReader(try file.read(offset, 4))
            guard try header.u8(0) == 0xFF else { return nil }
            let marker = try header.u8(1)
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = try header.u16(2)
            guard length >= 2 else { return nil }
            if marker == 0xE1 {
                let body = try file.read(offset + 4, length - 2)
                if ByteReader(body).starts(with: Array("Exif\0\0".utf8)) {
                    return try fromTIFF(Array(body.dropFirst(6)))
                }
            }
            offset += 2 + length
        }
        return nil
    }

    /// IFD1's JPEGInterchangeFormat (0x0201) and its length (0x0202), in the TIFF block `bytes`.
    private static func fromTIFF(_ bytes: [UInt8]) throws(ImageMetadataError) -> [UInt8]? {
        var reader = ByteReader(bytes)
        if reader.starts(with: Array("II*\0".utf8)) {
            reader.endian = .little
        } else if !reader.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return nil
        }
        let ifd0 = try reader.u32(4)
        let entryCount = try reader.u16(ifd0)
        let ifd1 = try reader.u32(ifd0 + 2 + entryCount * 12)
        guard ifd1 > 0, ifd1 != ifd0 else { return nil }
        let count = try reader.u16(ifd1)
        guard count <= 1000 else { return nil }
        var start: Int?
        var length: Int?
        for index in 0..<count {
            let base = ifd1 + 2 + index * 12
            let type = try reader.u16(base + 2)
            let value = type == 3 ? try reader.u16(base + 8) : try reader.u32(base + 8)
            switch try reader.u16(base) {
            case 0x0201: start = value
            case 0x0202: length = value
            default: break
            }
        }
        guard let start, let length, length > 4, length <= maximumSize else { return nil }
        let jpeg = try reader.slice(start, length)
        return jpeg.starts(with: [0xFF, 0xD8]) ? jpeg : nil
    }
}
