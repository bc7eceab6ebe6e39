// libFuzzer entry point for the local-folder index (built by scripts/fuzz.sh, never by
// `swift build`). The input is a record count (two bytes, little-endian) and the records; the
// harness adds the header and a valid checksum, so the fuzzer reaches the record checks that
// stand between a well-sealed but hostile index file and the search. Any crash, trap, hang or
// sanitizer report is a bug: every input must end in a catalog that searches safely, or none.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocalIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let root = "/fuzz"
    var file = LocalIndex.header(root: root, count: Int(input[0]) | Int(input[1]) << 8)
    let records = Array(input[2...])
    let sum = LocalIndex.checksum(head: file, records: records)
    file += records
    withUnsafeBytes(of: sum.littleEndian) { file += $0 }
    guard let catalog = LocalIndex.catalog(from: file, root: root) else { return 0 }
    for query in ["harbour", "h", "crane fog", "café 2024"] {
        for found in catalog.search(MetadataMatcher(query: query), limit: 50, root: root) { _ = found.displayTitle }
    }
    _ = catalog.popular(limit: 50, root: root)
    _ = IndexMatch.reusable([FolderListing.File(relative: "a.jpg", size: 1, modifiedNanoseconds: 1)], in: catalog)
    return 0
}
