// libFuzzer entry point for the image metadata readers (built by scripts/fuzz.sh, never by
// `swift build`). Any crash, trap, hang or sanitizer report is a bug: every input, however
// malformed, must end in metadata or an ImageMetadataError. The work is MetadataFuzzEntry's,
// which the tests also run over every seed and regression file.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageMetadata(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    MetadataFuzzEntry.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
