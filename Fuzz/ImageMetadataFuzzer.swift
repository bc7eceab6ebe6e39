// libFuzzer entry point for the image metadata readers (built by scripts/fuzz-metadata.sh,
// never by `swift build`). Any crash, trap, hang or sanitizer report is a bug: every input,
// however malformed, must end in metadata or an ImageMetadataError.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageMetadata(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ImageInspector.inspect(bytes: bytes)
    var metadata = ImageMetadata(format: "fuzz")
    try? TIFFReader.read(bytes, into: &metadata)  // EXIF blocks on their own
    XMPReader.read(bytes, into: &metadata)
    try? IPTCReader.readRecords(bytes, into: &metadata)
    return 0
}
