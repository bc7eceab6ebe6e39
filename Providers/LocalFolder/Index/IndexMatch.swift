import Places
import Synchronization

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
    /// hash of their path, in one table built when first needed. A listing larger than
    /// `chunkSize` is matched in chunks on every core (threads of their own), each chunk
    /// expecting its first file where an unchanged folder has it. By default up to 32,768 files
    /// are matched on one thread, more in a chunk a core: 10,000 took 0.7 ms on one thread and
    /// 1.1–1.7 ms on two (a thread's start, and cores sharing the listing, cost more than the
    /// half they save).
    static func reusable(_ files: [FolderListing.File], in previous: FolderCatalog, chunkSize: Int? = nil) -> [Int?] {
        let table = PathTable(previous)
        let chunkSize =
            chunkSize ?? (files.count <= 32_768 ? files.count : (files.count + Cores.count - 1) / Cores.count)
        guard files.count > chunkSize else { return reusable(files[...], in: previous, table: table) }
        let chunks = concurrentMap((files.count + chunkSize - 1) / chunkSize) { chunk -> [Int?]? in
            reusable(files[chunk * chunkSize..<min(files.count, (chunk + 1) * chunkSize)], in: previous, table: table)
        }
        // Every chunk answers; were one missing, its files would be read again, never misattributed.
        return chunks.enumerated().flatMap { chunk, found in
            found ?? Array(repeating: nil, count: min(files.count, (chunk + 1) * chunkSize) - chunk * chunkSize)
        }
    }

    /// ``reusable(_:in:chunkSize:)`` for a run of the listing.
    private static func reusable(
        _ files: ArraySlice<FolderListing.File>, in previous: FolderCatalog, table: PathTable
    ) -> [Int?] {
        previous.withRecords { record in
            var byPath: [UInt64: Int]?
            var expected = files.startIndex
            return files.map { file -> Int? in
                file.relative.withUnsafeBytes { bytes -> Int? in
                    var position: Int?
                    if expected < previous.offsets.count, equal(record(expected).path, bytes) {
                        position = expected
                    } else {
                        if byPath == nil { byPath = table.positions() }
                        if let found = byPath?[LocalIndex.pathHash(bytes)], equal(record(found).path, bytes) {
                            position = found
                        }
                    }
                    guard let position else { return nil }
                    expected = position + 1
                    let old = record(position)
                    // A record made while place names were off is made again once they are on.
                    let same =
                        old.size == file.size && old.modifiedNanoseconds == file.modifiedNanoseconds
                        && old.hasSameSidecar(as: file.sidecar) && !(old.lacksPlaceWords && Gazetteer.forSearch != nil)
                    return same ? position : nil
                }
            }
        }
    }

    /// The previous records' positions by a hash of their path, built once, by the first chunk
    /// that needs it, and shared: one table however many cores match.
    ///
    /// The dictionary sits in a box: a search that needs no table never touches its type, whose
    /// first use costs half a millisecond (the runtime looking up `UInt64: Hashable`).
    private final class PathTable: Sendable {
        private final class Built: Sendable {
            let positions: [UInt64: Int]

            init(_ positions: [UInt64: Int]) {
                self.positions = positions
            }
        }

        private let catalog: FolderCatalog
        private let table = Mutex<Built?>(nil)

        init(_ catalog: FolderCatalog) {
            self.catalog = catalog
        }

        func positions() -> [UInt64: Int] {
            table.withLock { table in
                if let table { return table.positions }
                let built = catalog.withRecords { record in
                    var built: [UInt64: Int] = [:]
                    built.reserveCapacity(catalog.offsets.count)
                    for position in 0..<catalog.offsets.count {
                        built[LocalIndex.pathHash(record(position).path)] = position
                    }
                    return built
                }
                table = Built(built)
                return built
            }
        }
    }

    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }
}
