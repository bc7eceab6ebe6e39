#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pairs the files of a new listing with the records of the previous walk.
enum IndexMatch {
    /// For each listed file, the position of its previous record when the file is unchanged
    /// (same path, size and modification time, and the same sidecar), or `nil` when it must be read.
    ///
    /// A folder lists in the same order while it is unchanged, so each file is first compared
    /// with the record after the last one matched; only files that moved are looked up by a
    /// hash of their path. Large listings are matched on every core (threads of their own).
    static func reusable(_ files: [FolderListing.File], in previous: FolderCatalog) -> [Int?] {
        // In a chunk a core (each starting where an unchanged folder has it), when there are many.
        let chunkSize = max(2048, (files.count + Cores.count - 1) / Cores.count)
        guard files.count > chunkSize else { return reusable(files[...], in: previous) }
        let chunks = concurrentMap((files.count + chunkSize - 1) / chunkSize) { chunk -> [Int?]? in
            reusable(files[chunk * chunkSize..<min(files.count, (chunk + 1) * chunkSize)], in: previous)
        }
        return chunks.flatMap { $0 ?? [] }
    }

    /// ``reusable(_:in:)`` for a run of the listing, expecting its first file where the listing has it.
    private static func reusable(_ files: ArraySlice<FolderListing.File>, in previous: FolderCatalog) -> [Int?] {
        previous.withRecords { record in
            var byPath: [UInt64: Int]?
            var expected = files.startIndex
            return files.map { file -> Int? in
                file.relative.withUnsafeBytes { bytes -> Int? in
                    var position: Int?
                    if expected < previous.offsets.count, equal(record(expected).path, bytes) {
                        position = expected
                    } else {
                        if byPath == nil { byPath = pathTable(count: previous.offsets.count, record) }
                        if let found = byPath?[LocalIndex.pathHash(bytes)], equal(record(found).path, bytes) {
                            position = found
                        }
                    }
                    guard let position else { return nil }
                    expected = position + 1
                    let old = record(position)
                    let same =
                        old.size == file.size && old.modifiedNanoseconds == file.modifiedNanoseconds
                        && old.hasSameSidecar(as: file.sidecar)
                    return same ? position : nil
                }
            }
        }
    }

    private static func pathTable(count: Int, _ record: (Int) -> IndexRecord) -> [UInt64: Int] {
        var table: [UInt64: Int] = [:]
        table.reserveCapacity(count)
        for position in 0..<count { table[LocalIndex.pathHash(record(position).path)] = position }
        return table
    }

    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }
}
