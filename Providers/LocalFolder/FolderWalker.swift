import Foundation
import ProviderKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder and catalogues its image files, recognised by their first bytes, with their
/// metadata: unchanged files come from the folder's index, the rest are read on every core,
/// and the index is replaced when anything changed.
struct FolderWalker: Sendable {
    /// What a walk found and passed over.
    struct Report: Sendable {
        /// Every file's record: images and the other files (kept so they are not read again).
        var catalog = FolderCatalog(records: [], offsets: [])
        var images = 0
        var notImages = 0
        var unreadableMetadata = 0
        var unreadableFiles = 0
        var unreadableFolders = 0
        var undecodableNames = 0
        var symbolicLinks = 0
        /// Files whose index record was reused, and files read afresh.
        var reused = 0
        var read = 0
        /// Set when an index existed but could not be trusted.
        var indexRebuilt = false
        /// Why the index could not be written, when it could not.
        var indexNotSaved: String?

        /// Counts the catalog's images, those whose metadata could not be read, and other files,
        /// and pairs its RAWs with their JPEGs (a pair counts as two images: two files were read).
        mutating func countImages() {
            let counts = catalog.counts ?? catalog.countRecords()
            catalog = catalog.paired(counts: counts)
            images = counts.images
            unreadableMetadata = counts.unreadableMetadata
            notImages = counts.notImages
        }

        /// "30 images, 1 name not UTF-8 (shown with �); skipped 2 other files; 0 read, 32 from the index"
        var summary: String {
            let skipped = [
                (notImages, "other file"), (unreadableFiles, "unreadable file"),
                (unreadableFolders, "unreadable folder"), (symbolicLinks, "symbolic link"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
            var metadata = unreadableMetadata > 0 ? ", \(unreadableMetadata) with unreadable metadata" : ""
            if undecodableNames > 0 {
                metadata +=
                    ", \(undecodableNames) name\(undecodableNames == 1 ? "" : "s") not UTF-8 (shown with \u{FFFD})"
            }
            let index =
                "; \(read) read, \(reused) from the index"
                + (indexRebuilt ? " (rebuilt: the old one could not be trusted)" : "")
                + (indexNotSaved.map {
                    "; the index is off: \($0); every search reads every file until the cache folder "
                        + "is writable (or XDG_CACHE_HOME names one that is)"
                } ?? "")
            return "\(images) image\(images == 1 ? "" : "s")\(metadata)"
                + (skipped.isEmpty ? "" : "; skipped " + skipped.joinedText(separator: ", ")) + index
        }
    }

    let root: URL
    let recursive: Bool
    /// Where the folder's index lives; `nil` to read every file every time.
    var indexFile: URL?
    /// Reads one file by its path: recognises it and reads its metadata. Tests set it to make a
    /// file slow; when `nil` (a search), each file is opened relative to its folder's
    /// descriptor instead (``FolderOpener``), and read through that.
    var examine: (@Sendable (_ path: String) throws(ImageMetadataError) -> ImageInspector.Outcome)?

    /// Every file under ``root``; throws when the folder itself cannot be read, or when cancelled.
    ///
    /// All of it blocks (listing, index, reads), so it runs on ``BlockingExecutor``; a cancelled
    /// walk returns at once and its work stops at the next file.
    func walk() async throws -> Report {
        try await walk { report in report }
    }

    /// Walks, then runs `finish` with the report on the same thread (one hand-over, not two,
    /// for a search that scores what the walk found).
    func walk<T: Sendable>(then finish: @escaping @Sendable (Report) throws -> T) async throws -> T {
        let walker = self
        return try await BlockingExecutor.shared.run { cancelled in
            let report = try walker.walk(cancelled: cancelled)
            if cancelled.isSet { throw CancellationError() }  // nobody waits for the rest
            return try finish(report)
        }
    }

    /// The walk itself, blocking the calling thread; checks `cancelled` between folders and files.
    private func walk(cancelled: OnceFlag) throws -> Report {
        if let problem = FolderCheck.problem(root) { throw problem }
        let rootPath = root.standardizedFileURL.path
        // The folder is listed while the previous index is read and verified, by the same threads.
        let (listed, previous) = Self.listAndLoad(
            rootPath, recursive: recursive, indexFile: indexFile, cancelled: cancelled)
        guard var listing = try listed.get() else {
            throw ProviderError.rejected("folder \(root.path) cannot be read (Permission denied)")
        }
        listing.attachSidecars()
        var report = Report()
        report.unreadableFiles = listing.unreadableFiles
        report.unreadableFolders = listing.unreadableFolders
        report.undecodableNames = listing.undecodableNames
        report.symbolicLinks = listing.symbolicLinks

        report.indexRebuilt =
            previous == nil && indexFile.map { FileManager.default.fileExists(atPath: $0.path) } == true
        let reusable =
            previous.map { IndexMatch.reusable(listing.files, in: $0) }
            ?? Array(repeating: nil, count: listing.files.count)
        let changed = listing.files.indices.filter { reusable[$0] == nil }
        report.reused = listing.files.count - changed.count
        report.read = changed.count

        if cancelled.isSet { throw CancellationError() }
        let examined =
            changed.isEmpty
            ? Examined()
            : Self.examineInParallel(
                changed.map { listing.files[$0] }, root: rootPath, examine: examine, cancelled: cancelled)
        if cancelled.isSet { throw CancellationError() }  // a partial walk is neither returned nor saved
        report.unreadableFiles += examined.unreadable

        if let previous, changed.isEmpty, reusable.indices.allSatisfy({ reusable[$0] == $0 }),
            previous.offsets.count == listing.files.count
        {
            report.catalog = previous  // nothing changed, nothing moved: the index is the catalog
        } else {
            report.catalog =
                report.reused == 0
                ? FolderCatalog(records: examined.records, offsets: examined.starts.map(\.offset))  // all read afresh
                : Self.assemble(reusable: reusable, previous: previous, changed: changed, examined: examined)
            // The index is a cache: failing to write it costs only speed, but the log says why.
            if let indexFile {
                do {
                    try LocalIndex.save(report.catalog, to: indexFile, root: rootPath)
                } catch {
                    report.indexNotSaved = error.description
                }
            }
        }
        report.countImages()
        // A path for each file: 10,000 frees, off the search's way; a small listing is freed here
        // in less time than the releasing thread takes to start.
        if listing.files.count >= Releaser.worthwhileCount { Releaser.shared.release(consume listing) }
        return report
    }

    /// The listing of `root` and the previous walk's index, worked out at the same time by the
    /// same threads (the index load is one more job of the listing's).
    private static func listAndLoad(
        _ root: String, recursive: Bool, indexFile: URL?, cancelled: OnceFlag
    ) -> (listing: Result<FolderListing?, any Error>, index: FolderCatalog?) {
        let index = IndexSlot()
        var load: (@Sendable () -> Void)?
        if let indexFile {
            load = { index.store(LocalIndex.load(from: indexFile, root: root)?.counted()) }
        }
        let listing = Result {
            try FolderListing.list(root, recursive: recursive, cancelled: cancelled, alongside: load)
        }
        return (listing, index.take())
    }

    /// Where the index load leaves the catalog it loaded.
    private final class IndexSlot: Sendable {
        private let catalog = Mutex<FolderCatalog?>(nil)

        func store(_ loaded: FolderCatalog?) {
            catalog.withLock { $0 = loaded }
        }

        func take() -> FolderCatalog? {
            catalog.withLock { $0.take() }
        }
    }

    /// The records of the files read afresh, in the order they were given.
    private struct Examined: Sendable {
        var records: [UInt8] = []
        /// For each record: the position of its file in the given order, and where it starts in ``records``.
        var starts: [(file: Int, offset: Int)] = []
        /// Files that could not be opened or read.
        var unreadable = 0

        mutating func append(_ other: Examined) {
            starts += other.starts.map { ($0.file, $0.offset + records.count) }
            records += other.records
            unreadable += other.unreadable
        }
    }

    private static func examineInParallel(
        _ files: [FolderListing.File], root: String,
        examine: (@Sendable (String) throws(ImageMetadataError) -> ImageInspector.Outcome)?, cancelled: OnceFlag
    ) -> Examined {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let rootBytes = Array(root.utf8)
        let chunkSize = 64
        let chunkCount = (files.count + chunkSize - 1) / chunkSize
        let chunks = concurrentMap(chunkCount) { number -> Examined? in
            var chunk = Examined()
            let folders = FolderOpener(root: rootBytes)
            for index in number * chunkSize..<min(files.count, (number + 1) * chunkSize) {
                if cancelled.isSet { return nil }
                let relative = files[index].relative
                guard let examine else {
                    // A search: opened relative to its folder, one short lookup instead of the whole path's.
                    record(
                        files[index], root: rootBytes, number: index,
                        examine: { () throws(ImageMetadataError) in
                            try ImageInspector.examine(try FileBytes(adopting: try folders.open(relative)))
                        }, into: &chunk)
                    continue
                }
                if prefix.utf8.count + relative.count < DeepPath.limit,
                    let name = String(validating: relative, as: UTF8.self)
                {
                    record(
                        files[index], root: rootBytes, number: index,
                        examine: { () throws(ImageMetadataError) in
                            try examine(prefix + name)
                        }, into: &chunk)
                    continue
                }
                // Too deep for one path, or not UTF-8: opened relative to its folders, read through its descriptor.
                let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW
                let descriptor = DeepPath.open(root: rootBytes, relative: relative, flags: flags)
                guard descriptor >= 0 else {
                    chunk.unreadable += 1
                    continue
                }
                let path = DeepPath.descriptorPath(descriptor)
                record(
                    files[index], root: rootBytes, number: index,
                    examine: { () throws(ImageMetadataError) in
                        try examine(path)
                    }, into: &chunk)
                close(descriptor)
            }
            return chunk
        }.compactMap { $0 }
        var all = Examined()
        all.records.reserveCapacity(chunks.reduce(0) { $0 + $1.records.count })
        all.starts.reserveCapacity(chunks.reduce(0) { $0 + $1.starts.count })
        for chunk in chunks { all.append(chunk) }
        return all
    }

    /// Reads one file and appends its record; a file that cannot be read gets none, so it is tried again next time.
    private static func record(
        _ file: FolderListing.File, root: [UInt8], number: Int,
        examine: () throws(ImageMetadataError) -> ImageInspector.Outcome, into chunk: inout Examined
    ) {
        let outcome: ImageInspector.Outcome
        do {
            outcome = try examine()
        } catch {
            chunk.unreadable += 1
            return
        }
        chunk.starts.append((number, chunk.records.count))
        switch outcome {
        case .notImage:
            IndexRecord.append(
                relativePath: file.relative, size: file.size, modifiedNanoseconds: file.modifiedNanoseconds,
                format: nil, metadata: nil, sidecar: file.sidecar, to: &chunk.records)
        case .image(let format, _, let metadata):
            IndexRecord.append(
                relativePath: file.relative, size: file.size, modifiedNanoseconds: file.modifiedNanoseconds,
                format: format,
                metadata: Sidecar.merge(
                    file.sidecar, besidePhoto: file.relative, below: root, over: metadata, format: format),
                sidecar: file.sidecar, to: &chunk.records)
        }
    }

    /// The new catalog, in listing order: reused records copied from the old index, the rest from what was read.
    private static func assemble(
        reusable: [Int?], previous: FolderCatalog?, changed: [Int], examined: Examined
    ) -> FolderCatalog {
        let old = previous ?? FolderCatalog(records: [], offsets: [])
        var storage: [UInt8] = []
        var offsets: [Int] = []
        storage.reserveCapacity(examined.records.count + old.region.count)
        offsets.reserveCapacity(reusable.count)
        func copy(_ bytes: UnsafeRawBufferPointer) {
            offsets.append(storage.count)
            storage += bytes
        }
        old.withRecords { oldRecord in
            examined.records.withUnsafeBytes { fresh in
                var next = 0  // the next examined record; they come in the order of `changed`
                for file in reusable.indices {
                    if let position = reusable[file] {
                        copy(oldRecord(position).bytes)
                    } else if next < examined.starts.count, changed[examined.starts[next].file] == file {
                        let start = examined.starts[next].offset
                        let end = next + 1 < examined.starts.count ? examined.starts[next + 1].offset : fresh.count
                        copy(UnsafeRawBufferPointer(rebasing: fresh[start..<end]))
                        next += 1
                    }
                }
            }
        }
        return FolderCatalog(records: storage, offsets: offsets)
    }
}
