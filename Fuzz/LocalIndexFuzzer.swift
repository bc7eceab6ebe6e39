// libFuzzer entry point for the local-folder index (built by scripts/fuzz.sh, never by
// `swift build`). Any crash, trap, hang or sanitizer report is a bug: every input must end in
// a catalog that searches safely, or none. The work is IndexFuzzEntry's, which the tests also
// run over every seed and regression file.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocalIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    IndexFuzzEntry.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
