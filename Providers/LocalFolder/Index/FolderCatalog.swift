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
    /// Its RAW+JPEG pairs, once worked out by ``paired(counts:)``.
    private(set) var pairs = RAWPairs()

    /// What a catalog's records are of.
    struct Counts: Sendable, Equatable {
        var images = 0
        var unreadableMetadata = 0
        var notImages = 0
        /// Images that are camera RAWs.
        var raws = 0
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
                    if RAWPairs.isRAW(entry.format) { counts.raws += 1 }
                }
            }
            return counts
        }
    }

    /// This catalog with its RAW+JPEG ``pairs``; only a catalog with RAWs and other images is looked through.
    func paired(counts: Counts) -> FolderCatalog {
        guard counts.raws > 0, counts.images > counts.raws else { return self }
        var catalog = self
        catalog.pairs = withRecords { RAWPairs(count: offsets.count, record: $0) }
        return catalog
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
                    // A paired RAW's words find its JPEG: the pair is one result.
                    scored.append((score, catalog.pairs.shown(for: position)))
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
            return first(limit, of: scored.lazy.map(\.position), keep: keep, root: root, record: record)
        }
    }

    /// The highest rated image files that `keep` accepts, then the newest, at most `limit`.
    func popular(limit: Int, root: String, keep: (LocalFile) -> Bool = { _ in true }) -> [LocalFile] {
        withRecords { record in
            var keyed: [(rating: Double, date: Double, position: Int)] = []
            for position in offsets.indices {
                let candidate = record(position)
                guard candidate.format != nil, !pairs.isHidden(position) else { continue }  // a pair ranks as its JPEG
                keyed.append((candidate.rating ?? -2, candidate.date, position))
            }
            keyed.sort { a, b in
                if a.rating != b.rating { return a.rating > b.rating }
                if a.date != b.date { return a.date > b.date }
                return record(a.position).path.lexicographicallyPrecedes(record(b.position).path)
            }
            return first(limit, of: keyed.lazy.map(\.position), keep: keep, root: root, record: record)
        }
    }

    /// The first `limit` files at `positions` that decode and that `keep` accepts, each once (a
    /// pair's JPEG may be found by its RAW's words too), with the RAWs listed beside them; only
    /// the files looked at are decoded.
    private func first(
        _ limit: Int, of positions: some Sequence<Int>, keep: (LocalFile) -> Bool, root: String,
        record: (Int) -> IndexRecord
    ) -> [LocalFile] {
        var files: [LocalFile] = []
        guard limit > 0 else { return files }
        var seen = Set<Int>()
        for position in positions {
            guard pairs.isEmpty || seen.insert(position).inserted, var file = LocalFile(record(position), root: root)
            else { continue }
            if let companions = pairs.companions[position] {
                file.companions = companions.map { LocalFile.absolute(record($0).path, root: root) }
            }
            guard keep(file) else { continue }
            files.append(file)
            if files.count == limit { break }
        }
        return files
    }
}
