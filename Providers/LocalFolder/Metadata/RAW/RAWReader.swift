import ProviderKit

/// Reads camera RAW files: the TIFF-shaped ones (DNG, CR2, NEF, ARW, ORF, RW2, PEF, SRW, …),
/// Canon CR3 and Fujifilm RAF. Only headers and metadata are read, never the RAW image data.
enum RAWReader {
    /// Reads a file ``ImageFormat/detect(_:)`` called ``ImageFormat/raw``.
    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let head = try file.read(0, ImageFormat.signatureLength)
        if head.starts(with: Array("FUJIFILMCCD-RAW".utf8)) {
            try RAFReader.read(file, into: &metadata)
        } else if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            try CR3Reader.read(file, into: &metadata)
        } else {
            try readTIFFShaped(file, into: &metadata)
        }
    }

    /// How much of a TIFF-shaped file is read at most before the rest of the read budget:
    /// cameras put their directories, EXIF and GPS in the first kilobytes of RAWs of tens of
    /// megabytes.
    static let firstRead = 64 << 10

    /// The reads tried in turn before the rest of the budget: the first 16 KiB, which the read
    /// that recognised the file already holds (``FileBytes`` reads that much at once, and
    /// gives it without a copy), then ``firstRead``. Reading 64 KiB of every file was a sixth
    /// of a RAW folder's first search.
    static let firstReads = [FileBytes.window, firstRead]

    /// Reads a TIFF-shaped file, RAW or not: its first bytes (``firstReads``), and only when they
    /// lack the camera, the date or the size, or a directory or block lies past them, as much
    /// more as the read budget allows (a TIFF written with its directories after the image data).
    static func readTIFFShaped(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        var spent = 0
        for length in firstReads {
            var first = metadata
            let read = Result { () throws(ImageMetadataError) in
                try readTIFFShaped(try file.read(0, min(file.size, length)), into: &first)
            }
            spent += min(file.size, length)
            let isComplete = first.cameraMake != nil && first.takenAt != nil && first.width != nil
            if file.size <= length || (isComplete && (try? read.get()) == false) {
                _ = try read.get()
                metadata = first
                return
            }
        }
        try readTIFFShaped(try file.read(0, min(file.size, FileBytes.budget - spent)), into: &metadata)
    }

    /// Reads a whole TIFF-shaped file (its first bytes, up to the read budget), RAW or not: a
    /// RAW is named by its format, and sized by its full-resolution image.
    /// Returns whether a directory or block lies past `bytes`.
    @discardableResult
    static func readTIFFShaped(_ bytes: [UInt8], into metadata: inout ImageMetadata) throws(ImageMetadataError)
        -> Bool
    {
        let ifd0 = try TIFFReader.read(bytes, into: &metadata, isWholeFile: true)
        guard let reader = TIFFReader.header(bytes, allowingRAWMagic: true) else { return false }
        let layout = TIFFRAWLayout(reader, ifd0: ifd0)
        guard let name = layout.name else { return layout.isCut }
        metadata.format = name
        metadata.width = layout.width
        metadata.height = layout.height
        if let embedded = layout.jpegFromRAW,
            let jpeg = try? reader.slice(embedded.offset, min(embedded.length, reader.count - embedded.offset))
        {
            // RW2 keeps its EXIF block in the JPEG preview: what IFD0 lacks comes from there.
            var inner = ImageMetadata(format: "jpeg")
            try? JPEGReader.read(FileBytes(bytes: jpeg), into: &inner)
            metadata.fillGaps(from: inner)
        }
        return layout.isCut
    }
}

extension ImageMetadata {
    /// Takes from `other` the camera, date, place and orientation this lacks.
    mutating func fillGaps(from other: ImageMetadata) {
        cameraMake = cameraMake ?? other.cameraMake
        cameraModel = cameraModel ?? other.cameraModel
        takenAt = takenAt ?? other.takenAt
        orientation = orientation ?? other.orientation
        if latitude == nil || longitude == nil {
            latitude = other.latitude
            longitude = other.longitude
        }
        description = description ?? other.description
        creator = creator ?? other.creator
        if keywords.isEmpty { keywords = other.keywords }
    }
}
