import ProviderKit

/// What the metadata fuzz target does with one input, shared with the test that replays the
/// seeds and regression files, so both exercise the same readers the same way.
enum MetadataFuzzEntry {
    /// Feeds `bytes` to every metadata reader: as a whole file, then as a bare EXIF block,
    /// XMP packet, IPTC record list, CIFF heap (a CRW file), Casio QV block and FLIR record.
    /// Every input must end in metadata or an error.
    static func run(_ bytes: [UInt8]) {
        _ = try? ImageInspector.inspect(bytes: bytes)
        _ = try? RAWPreviews.find(in: FileBytes(bytes: bytes))
        var metadata = ImageMetadata(format: "fuzz")
        _ = try? TIFFReader.read(bytes, into: &metadata)  // EXIF blocks on their own
        XMPReader.read(bytes, into: &metadata)
        IPTCReader.readRecords(bytes, into: &metadata)
        try? CIFFReader.read(FileBytes(bytes: bytes), into: &metadata)
        _ = CasioQV.date(bytes)
        _ = FLIRRecord.date(bytes)
    }
}
