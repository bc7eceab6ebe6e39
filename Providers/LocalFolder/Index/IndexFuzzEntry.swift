/// What the index fuzz target does with one input, shared with the test that replays the
/// seeds and regression files, so both exercise the same loader the same way.
enum IndexFuzzEntry {
    /// `input` is a record count (two bytes, little-endian) and the records; the header and a
    /// valid checksum are added, so the input reaches the record checks that stand between a
    /// well-sealed but hostile index file and the search, which then runs over what loaded.
    static func run(_ input: [UInt8]) {
        // Paired as a walk pairs it (RAW+JPEG pairs, from the records' formats and paths).
        guard let loaded = catalog(input) else { return }
        let catalog = loaded.paired(counts: loaded.countRecords())
        for query in ["harbour", "h", "crane fog", "café 2024"] {
            for found in catalog.search(MetadataMatcher(query: query), limit: 50, root: root) {
                _ = found.displayTitle
            }
        }
        _ = catalog.popular(limit: 50, root: root)
        _ = IndexMatch.reusable(
            [FolderListing.File(relative: Array("a.jpg".utf8), size: 1, modifiedNanoseconds: 1)], in: catalog)
    }

    static let root = "/fuzz"

    /// The catalog `input` loads into, sealed as an index file of ``root``; `nil` when it does not verify.
    static func catalog(_ input: [UInt8]) -> FolderCatalog? {
        guard input.count >= 2 else { return nil }
        var file = LocalIndex.header(root: root, count: Int(input[0]) | Int(input[1]) << 8)
        let records = Array(input[2...])
        let sum = LocalIndex.checksum(head: file, records: records)
        file += records
        withUnsafeBytes(of: sum.littleEndian) { file += $0 }
        return LocalIndex.catalog(from: file, root: root)
    }
}
