import ProviderKit

/// Reads Fujifilm RAF files: a header (`FUJIFILMCCD-RAW`, big-endian) giving at byte 84 the
/// offset and length of a JPEG preview whose EXIF block holds the camera, date and GPS. Its size
/// is the preview's, as exiftool's `ImageWidth` is (the header's RAF records give the sensor's
/// size with its borders, `RawImageFullSize`, which no viewer shows).
enum RAFReader {
    /// The embedded JPEG's offset and length.
    static func preview(of file: FileBytes) throws(ImageMetadataError) -> (offset: Int, length: Int) {
        let header = ByteReader(try file.read(0, 0x5C))
        guard header.count == 0x5C else { throw ImageMetadataError(message: "a Fujifilm RAF header cut short") }
        return (try header.u32(0x54), try header.u32(0x58))
    }

    static func read(_ file: FileBytes, into metadata: inout ImageMetadata) throws(ImageMetadataError) {
        let jpeg = try preview(of: file)
        guard jpeg.offset >= 0x5C, jpeg.offset < file.size else {
            throw ImageMetadataError(message: "a Fujifilm RAF header points its JPEG preview past the end")
        }
        // The metadata sits at the JPEG's start: its first part is enough.
        let start = try file.read(jpeg.offset, min(jpeg.length, 256 << 10))
        var inner = ImageMetadata(format: "jpeg")
        try JPEGReader.read(FileBytes(bytes: start), into: &inner)
        metadata = inner
        metadata.format = "raf"
    }
}
