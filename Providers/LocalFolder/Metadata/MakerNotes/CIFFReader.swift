import ProviderKit

/// Reads Canon's CIFF heaps, as exiftool's CanonRaw module does: the whole of a CRW file
/// (`II`, header length, `HEAPCCDR`) and the APP0 block of early PowerShot JPEGs (`HEAPJPGM`).
///
/// A heap is its values, then a directory whose place the heap's last four bytes give
/// (relative to the heap's start): an entry count, then ten bytes an entry (tag, size, offset).
/// A tag's bits 11–13 give its type; types 0x28 and 0x30 are heaps of their own. Read here:
/// MakeModel (0x080a: the make in six bytes, then the model), TimeStamp (0x180e: seconds since
/// 1970 of the camera's clock, a local time, as exiftool's DateTimeOriginal has it) and ImageInfo
/// (0x1810: width and height); and, for `serve` and the gallery, where JpgFromRaw (0x2007, the
/// camera's JPEG of the photo) lies.
enum CIFFReader {
    /// Whether `bytes` (at least 14) start a CIFF block.
    static func isCIFF(_ bytes: [UInt8]) -> Bool {
        let reader = ByteReader(bytes)
        return (reader.starts(with: Array("II".utf8)) || reader.starts(with: Array("MM".utf8)))
            && reader.starts(with: Array("HEAP".utf8), at: 6)
    }

    /// Reads the CIFF block that is the whole of `file` into `metadata`; throws when it is not one.
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        _ = try walk(file, into: &metadata)
    }

    /// Where the JPEG previews (JpgFromRaw) of the CRW `file` lie, as exiftool's CanonRaw finds
    /// them: in any heap, within it.
    static func previews(of file: FileBytes) throws(ImageMetadataError) -> [(offset: Int, length: Int)] {
        var metadata = ImageMetadata(format: ImageFormat.crw.rawValue)
        return try walk(file, into: &metadata).previews
    }

    private static func walk(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError)
        -> Walk
    {
        let header = try file.read(0, 14)
        guard header.count == 14, isCIFF(header) else {
            throw ImageMetadataError(message: "the CIFF block does not start with a CIFF header")
        }
        let endian: ByteReader.Endian = header[0] == UInt8(ascii: "I") ? .little : .big
        let headerLength = try ByteReader(header, endian: endian).u32(2)
        guard headerLength >= 14, headerLength < file.size else {
            throw ImageMetadataError(message: "the CIFF header's length points past the end of the file")
        }
        var walk = Walk(file: file, endian: endian)
        try walk.read(heapAt: headerLength, length: file.size - headerLength, into: &metadata)
        return walk
    }

    /// One pass over a CIFF block's heaps.
    private struct Walk {
        let file: FileBytes
        let endian: ByteReader.Endian
        var visited = Set<Int>()
        var depth = 0
        /// JpgFromRaw's place in the file, for each one met.
        var previews: [(offset: Int, length: Int)] = []

        /// Real files nest three deep and hold about a dozen heaps: more is hostile.
        static let maximumHeaps = 32
        static let maximumDepth = 6
        static let maximumEntries = 1_000

        init(file: FileBytes, endian: ByteReader.Endian) {
            self.file = file
            self.endian = endian
        }

        mutating func read(heapAt start: Int, length: Int, into metadata: inout ImageMetadata)
            throws(ImageMetadataError)
        {
            guard length >= 4, start >= 0, start <= file.size - length, depth < Self.maximumDepth,
                visited.count < Self.maximumHeaps
            else { return }
            let directory = try ByteReader(file.read(start + length - 4, 4), endian: endian).u32(0) + start
            // A directory seen before (a loop), or outside its heap, is not read: exiftool warns.
            guard directory < start + length, visited.insert(directory).inserted else { return }
            let count = try ByteReader(file.read(directory, 2), endian: endian).u16(0)
            guard count <= Self.maximumEntries else { return }
            let entries = ByteReader(try file.read(directory + 2, count * 10), endian: endian)
            depth += 1
            defer { depth -= 1 }
            for index in 0..<count {
                let base = index * 10
                guard let tag = try? entries.u16(base), let size = try? entries.u32(base + 2),
                    let offset = try? entries.u32(base + 6)
                else { return }  // a directory cut short: what came before is kept
                if tag & 0x8000 != 0 { return }  // exiftool: "Bad CRW directory entry", the rest unread
                let type = (tag >> 8) & 0x38
                let inDirectory = tag & 0x4000 != 0
                if (type == 0x28 || type == 0x30) && !inDirectory {
                    try? read(heapAt: start + offset, length: size, into: &metadata)
                    continue
                }
                let id = tag & 0x3FFF
                if id == 0x2007, !inDirectory, offset <= length - 4, size <= length - 4 - offset {
                    previews.append((start + offset, size))
                    continue
                }
                guard [0x080A, 0x180E, 0x1810].contains(id) else { continue }
                // A value in the directory takes the size and offset fields' eight bytes; one
                // outside it must lie within its heap.
                let value: [UInt8]?
                if inDirectory {
                    value = try? entries.slice(base + 2, 8)
                } else if offset <= length - 4, size <= length - 4 - offset {
                    value = try? file.read(start + offset, min(size, 256))
                } else {
                    value = nil
                }
                if let value { take(id, ByteReader(value, endian: endian), into: &metadata) }
            }
        }

        private func take(_ id: Int, _ value: ByteReader, into metadata: inout ImageMetadata) {
            switch id {
            case 0x080A:
                let make = value.bytes.prefix(6).prefix { $0 != 0 }
                let model = value.bytes.dropFirst(6).prefix { $0 != 0 }
                if let make = MetadataText.clean(MetadataText.decode(make)) { metadata.cameraMake = make }
                if let model = MetadataText.clean(MetadataText.decode(model)) { metadata.cameraModel = model }
            case 0x180E:
                // Zero is exiftool's "0000:00:00 00:00:00": no date.
                if let seconds = try? value.u32(0), seconds != 0,
                    let date = DateTime(localSeconds: Int64(seconds), utcOffsetSeconds: nil)
                {
                    metadata.takenAt = date
                }
            case 0x1810:
                if let width = try? value.u32(0), let height = try? value.u32(4), width > 0, height > 0 {
                    metadata.width = width
                    metadata.height = height
                }
            default: break
            }
        }
    }
}
