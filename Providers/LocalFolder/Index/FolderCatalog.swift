/// The index records of every file one walk of a folder found, in listing order, in one buffer:
/// what a search scans. Only the files a search returns are decoded.
struct FolderCatalog: Sendable {
    /// The bytes holding the records: an index file's, or records just built.
    let storage: CatalogBytes
    /// Where each record starts in ``storage``.
    let offsets: [Int]
    /// The part of ``storage`` that holds the records, one after another.
    let region: Range<Int>
    /// How many records are of images, images whose metadata could not be read, and other
    /// files; counted when the catalog is loaded, beside the listing (see ``counted()``).
    private(set) var counts: Counts?

    /// What a catalog's records are of.
    struct Counts: Sendable, Equatable {
        var images = 0
        var unreadableMetadata = 0
        var notImages = 0
    }

    /// A catalog of records built one after another in `storage`.
    init(records storage: [UInt8], offsets: [Int]) {
        self.init(storage: CatalogBytes(storage), offsets: offsets, region: 0..<storage.count)
    }

    init(storage: CatalogBytes, offsets: [Int], region: Range<Int>) {
        self.storage = storage
        self.offsets = offsets
        self.region = region
    }

    /// This catalog with its ``counts``.
    func counted() -> FolderCatalog {
        var catalog = self
        catalog.counts = countRecords()
        return catalog
    }

    /// Counts the records of images, of images whose metadata could not be read, and of other files.
    func countRecords() -> Counts {
        withRecords { record in
            var counts = Counts()
            for position in offsets.indices {
                let entry = record(position)
                if entry.format == nil {
                    counts.notImages += 1
                } else {
                    counts.images += 1
                    if !entry.hasMetadata { counts.unreadableMetadata += 1 }
                }
            }
            return counts
        }
    }

    /// Calls `body` with a way to read the record at each position of ``offsets``.
    func withRecords<T>(_ body: (_ record: (Int) -> IndexRecord) throws -> T) rethrows -> T {
        try storage.withUnsafeBytes { buffer in
            try body { position in
                let start = offsets[position]
                let length = buffer.littleEndianUInt32(at: start)
                return IndexRecord(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<start + length]))
            }
        }
    }

    /// The image files `matcher` matches that `keep` accepts, best first (equal scores by path), at most `limit`.
    ///
    /// Records are scored on every core (threads of their own): call it off Swift's pool.
    func search(
        _ matcher: MetadataMatcher, limit: Int, root: String, keep: (LocalFile) -> Bool = { _ in true }
    ) -> [LocalFile] {
        // Two chunks a core, so the cores end together (4,096 a chunk left one core scoring alone).
        let chunkSize = max(1024, (offsets.count + 2 * Cores.count - 1) / (2 * Cores.count))
        let catalog = self
        let chunks = concurrentMap((offsets.count + chunkSize - 1) / chunkSize) { chunk in
            catalog.withRecords { record in
                var scored: [(score: Double, position: Int)] = []
                for position in chunk * chunkSize..<min(catalog.offsets.count, (chunk + 1) * chunkSize) {
                    let candidate = record(position)
                    guard candidate.format != nil, let score = matcher.score(candidate.searchText) else { continue }
                    scored.append((score, position))
                }
                return scored
            }
        }
        return withRecords { record in
            var scored = chunks.flatMap { $0 ?? [] }
            scored.sort { a, b in
                a.score != b.score
                    ? a.score > b.score : record(a.position).path.lexicographicallyPrecedes(record(b.position).path)
            }
            return Self.first(limit, of: scored.lazy.map(\.position), keep: keep) { LocalFile(record($0), root: root) }
        }
    }

    /// The highest rated image files that `keep` accepts, then the newest, at most `limit`.
    func popular(limit: Int, root: String, keep: (LocalFile) -> Bool = { _ in true }) -> [LocalFile] {
        withRecords { record in
            var keyed: [(rating: Double, date: Double, position: Int)] = []
            for position in offsets.indices {
                let candidate = record(position)
                guard candidate.format != nil else { continue }
                keyed.append((candidate.rating ?? -2, candidate.date, position))
            }
            keyed.sort { a, b in
                if a.rating != b.rating { return a.rating > b.rating }
                if a.date != b.date { return a.date > b.date }
                return record(a.position).path.lexicographicallyPrecedes(record(b.position).path)
            }
            return Self.first(limit, of: keyed.lazy.map(\.position), keep: keep) { LocalFile(record($0), root: root) }
        }
    }

    /// The first `limit` files at `positions` that decode and that `keep` accepts; only the
    /// files looked at are decoded.
    private static func first(
        _ limit: Int, of positions: some Sequence<Int>, keep: (LocalFile) -> Bool, decode: (Int) -> LocalFile?
    ) -> [LocalFile] {
        var files: [LocalFile] = []
        guard limit > 0 else { return files }
        for position in positions {
            guard let file = decode(position), keep(file) else { continue }
            files.append(file)
            if files.count == limit { break }
        }
        return files
    }
}
