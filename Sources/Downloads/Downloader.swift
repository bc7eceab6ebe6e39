import Foundation
import Logging
import ProviderKit
import ServiceBus
import Synchronization

/// Downloads search results into a folder: each photo's image (the size asked for, else the
/// largest), at most `parallel` at once and `per_host` to one host, a host pausing alone when
/// it answers 429 or 503; each file written atomically, with an XMP sidecar, recorded in the
/// folder's archive, and credited in `CREDITS.md`.
package final class Downloader: Sendable {
    enum Source: Sendable {
        /// A local photo's file, and the other files of the same photo (a RAW beside its JPEG).
        case local(FileSystemPath, companions: [FileSystemPath])
        case remote(URL)
    }

    struct Job: Sendable {
        var index: Int
        var photo: Photo
        /// The photo as written to disk (secrets hidden).
        var written: Photo
        var source: Source
        var name: FileNameTemplate.Name
        /// The photo's own archive entry when its file was cut short: that file may be completed in place.
        var completing: DownloadArchive.Entry?
    }

    enum Attempt: Sendable {
        case done(DownloadOutcome.Result)
        /// The whole body is in a temporary file, to be synced and named.
        case received(Received)
        case paused(Duration, status: Int)
        case lost(String)
    }

    /// A body that arrived whole, in its temporary file.
    struct Received: Sendable {
        var part: (path: String, descriptor: Int32)
        var fileExtension: String
        var bytes: Int64
        var checksum: String
    }

    let http: any HTTPClient
    let options: DownloadOptions
    let logger: Logger?
    let reportDownload: @Sendable (Photo) async throws -> Void
    let events: @Sendable (DownloadEvent) -> Void
    let folder: TargetFolder
    let files = FileWork()
    /// This run's files, for `CREDITS.md` when the archive cannot be used.
    let placedThisRun = Mutex<[DownloadArchive.Entry]>([])
    /// Each photo's outcome once known, for ``DownloadStopped`` when the run is stopped.
    let decided = Mutex<[DownloadOutcome?]>([])

    /// A downloader using `http` (streamed bodies); `reportDownload` tells a photo's source it
    /// was downloaded (Unsplash's rule); `events` hears progress.
    package init(
        http: any HTTPClient, options: DownloadOptions, logger: Logger? = nil,
        reportDownload: @escaping @Sendable (Photo) async throws -> Void = { _ in },
        events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
    ) {
        self.http = http
        self.options = options
        self.logger = logger
        self.reportDownload = reportDownload
        self.events = events
        folder = TargetFolder(
            root: options.directory, sync: options.settings.sync, unnamedFiles: options.unnamedTemporaryFiles)
    }

    /// Downloads `photos`, returning one outcome per photo in the same order. Throws
    /// ``DownloadFailure`` when the folder or its archive cannot be used, and ``DownloadStopped``
    /// (what was done by then) when cancelled, after removing every temporary file.
    package func run(_ photos: [Photo]) async throws -> [DownloadOutcome] {
        decided.withLock { $0 = Array(repeating: nil, count: photos.count) }
        do {
            return try await runUncancelled(photos)
        } catch let failure as DownloadFailure {
            stop()  // the run cannot go on: no temporary file, and no empty folder it made, stays
            folder.removeEmptyFoldersMade()
            throw failure
        } catch is CancellationError {
            stop()
            folder.removeEmptyFoldersMade()
            let done = decided.withLock { $0 }
            let finished = done.compactMap { $0 }
            throw DownloadStopped(finished: finished, unfinished: done.count - finished.count)
        }
    }

    /// Notes what happened to photo `index`, for a summary if the run is stopped.
    func decide(_ index: Int, _ photo: Photo, _ result: DownloadOutcome.Result) {
        decided.withLock { $0[index] = DownloadOutcome(provider: photo.provider, id: photo.id, result: result) }
    }

    /// Stops placing files and removes the temporary ones (Ctrl-C); safe to call at any time.
    package func stop() {
        folder.stop()
    }

    /// The folder's archive and its entries; with `--no-archive`, only the entries whose files
    /// are still in place, and no archive (with a warning) when it cannot be used.
    func openArchive() async throws -> (DownloadArchive?, [DownloadArchive.Entry]) {
        let folder = self.folder
        let useArchive = options.useArchive
        do {
            return try await files.run { () throws(DownloadFailure) in
                let archive = try DownloadArchive(directory: folder.root)
                let entries = try archive.entries()
                return (archive, useArchive ? entries : entries.filter { folder.contains($0.file) })
            }
        } catch let failure as DownloadFailure {
            guard !useArchive else {
                throw DownloadFailure(failure.message + "; " + (failure.advice ?? ArchiveAdvice.moveAway))
            }
            let keepRecord = failure.advice.map { "to keep a record of this folder's downloads: \($0)" }
            logger?.warning(
                "\(failure.message); going on without it (\(keepRecord ?? "move it away to keep a record of this folder's downloads"))"
            )
            return (nil, [])
        }
    }

    /// The folder's archive, and the entries planning needs. A folder with an archive has it
    /// opened and read first; a folder without one has nothing to skip, and its archive is made
    /// while the first transfers run (a new SQLite file costs several syncs, 4 ms here): each
    /// file waits for it before it is named.
    func archiveAndEntries(hasArchive: Bool) async throws -> (ArchiveOpening, [DownloadArchive.Entry]) {
        guard hasArchive else { return (ArchiveOpening(Task { try await self.openArchive().0 }), []) }
        let (archive, entries) = try await openArchive()
        return (ArchiveOpening(Task { archive }), entries)
    }

    func runUncancelled(_ photos: [Photo]) async throws -> [DownloadOutcome] {
        let folder = self.folder
        placedThisRun.withLock { $0 = [] }
        let hasArchive = try await files.run { () throws(DownloadFailure) in
            try folder.prepare()
            return folder.hasEntry(DownloadArchive.fileName)
        }
        let (opening, entries) = try await archiveAndEntries(hasArchive: hasArchive)
        var known: [String: DownloadArchive.Entry] = [:]
        for entry in entries { known[Self.key(entry.provider, entry.id)] = entry }
        let written = photos.map { $0.redacted(by: options.redact) }
        let keys = written.map { Self.key($0.provider, $0.id) }
        // The wanted photos' archived files that a power cut left short are fetched again, and
        // completed in place: by key, the archive entry each completes.
        let wanted = keys.compactMap { known[$0] }
        let completing =
            wanted.isEmpty
            ? [:]
            : try await files.run { () throws(DownloadFailure) in
                Dictionary(
                    wanted.filter(folder.wasCutShort).map { (Self.key($0.provider, $0.id), $0) },
                    uniquingKeysWith: { first, _ in first })
            }

        var outcomes: [DownloadOutcome.Result?] = Array(repeating: nil, count: photos.count)
        // What to fetch, in the results' order: each photo not had already, not a repeat, and
        // with a file to fetch.
        var toFetch: [(index: Int, source: Source)] = []
        var firstIndex: [String: Int] = [:]
        for (index, original) in photos.enumerated() {
            let key = keys[index]
            if let entry = known[key], completing[key] == nil {
                outcomes[index] = .alreadyHad(file: entry.file)
            } else if let earlier = firstIndex[key] {
                outcomes[index] = .failed(reason: "the same photo as result \(earlier + 1)")
            } else if let source = source(for: original) {
                firstIndex[key] = index
                toFetch.append((index, source))
            } else {
                outcomes[index] = .failed(reason: "the source offers no image file to download")
            }
        }
        for (index, result) in outcomes.enumerated() {
            if let result { decide(index, photos[index], result) }
        }
        events(.planned(transfers: toFetch.count))
        let template = FileNameTemplate(options.settings.filename)
        let scheduler = HostScheduler(parallel: options.settings.parallel, perHost: options.settings.perHost)
        let placing = HostScheduler(parallel: options.settings.parallel, perHost: options.settings.parallel)
        // Files are named once every name is reserved (as they wait for the archive), so a file
        // whose name is taken on disk never gets, as its numbered name, one reserved later.
        let (reserving, reserved) = AsyncStream<Never>.makeStream()
        let naming = ArchiveOpening(
            Task {
                // Its own task: a cancelled run ends this wait only once the names are all reserved.
                await Task { for await _ in reserving {} }.value
                return try await opening.archive()
            })
        let fetched: Result<Void, any Error>
        do {
            // A child task per photo, and one (giving `nil`) that only waits for the archive and
            // fails the run when it cannot be used.
            try await withThrowingTaskGroup(of: (Int, DownloadOutcome.Result)?.self) { group in
                defer { reserved.finish() }
                group.addTask {
                    _ = try await opening.archive()
                    return nil
                }
                // Names are reserved in the results' order (a name taken on disk gets the next
                // number no other photo has, so names do not depend on timing), and each photo's
                // transfer starts as soon as its name is: the first is on the wire while the
                // others are named (200 names take 2 ms).
                for (index, source) in toFetch {
                    let photo = written[index]
                    let job = Job(
                        index: index, photo: photos[index], written: photo, source: source,
                        name: folder.reserve(template.name(for: photo)),
                        completing: completing[keys[index]])
                    group.addTask {
                        (job.index, try await self.fetch(job, scheduler: scheduler, placing: placing, opening: naming))
                    }
                }
                reserved.finish()
                for try await finished in group {
                    guard let (index, result) = finished else { continue }
                    let shown = Self.redacted(result, by: options.redact)
                    outcomes[index] = shown
                    let photo = photos[index]
                    decide(index, photo, shown)
                    events(
                        .finished(
                            index: index,
                            outcome: DownloadOutcome(provider: photo.provider, id: photo.id, result: shown)
                        ))
                }
            }
            fetched = .success(())
        } catch {
            fetched = .failure(error)
        }
        // The archive. One that cannot be used fails the run, whatever else happened meanwhile; a
        // run cancelled while it was being made ends here (no file was named without it).
        let archive = try await opening.archive()
        // Every named file is recorded, also when the run was cancelled (Ctrl-C).
        var unrecorded: DownloadFailure?
        if let archive {
            do {
                try await files.runToEnd { () throws(DownloadFailure) in try archive.flush() }
            } catch let failure as DownloadFailure {
                unrecorded = failure
            }
        }
        if let unrecorded, case .failure = fetched { logger?.warning("\(unrecorded.message)") }
        if Task.isCancelled || fetched.isCancellation {
            // Ctrl-C: the files placed so far are credited, and the archive closed, before the run ends.
            await creditOnStop(archive: archive, complete: unrecorded == nil)
        }
        try fetched.get()
        try Task.checkCancellation()
        let finished = zip(photos, outcomes).map { photo, result in
            DownloadOutcome(provider: photo.provider, id: photo.id, result: result ?? .failed(reason: "not attempted"))
        }
        let placed = placedThisRun.withLock { $0 }
        if archive != nil || !placed.isEmpty {
            let complete = unrecorded == nil
            do {
                let credits = try await files.run { () throws(DownloadFailure) in
                    try Self.credits(archive: archive, complete: complete, placed: placed, folder: folder)
                }
                // The archive is closed (its log checkpointed and synced) on one file thread
                // while CREDITS.md is written and synced on another; a failed write leaves the
                // scope only once the close has run to its end (an `async let` is awaited then).
                async let closed: Void = close(archive)
                try await files.run { () throws(DownloadFailure) in
                    try folder.write(credits, to: CreditsFile.fileName)
                }
                await closed
            } catch var failure as DownloadFailure {
                // The files are placed: say what happened to each, not only that the credits failed.
                failure.outcomes = finished
                throw failure
            }
        }
        if var unrecorded {
            unrecorded.outcomes = finished
            throw unrecorded
        }
        return finished
    }

    /// When a run is stopped: `CREDITS.md` for what was placed (the credit a licence asks for is
    /// owed for every file kept), and the archive closed; run to their end whatever the
    /// cancellation, a failure only logged.
    func creditOnStop(archive: DownloadArchive?, complete: Bool) async {
        let placed = placedThisRun.withLock { $0 }
        guard archive != nil || !placed.isEmpty else { return }
        let folder = self.folder
        do {
            try await files.runToEnd { () throws(DownloadFailure) in
                let credits = try Self.credits(archive: archive, complete: complete, placed: placed, folder: folder)
                try folder.write(credits, to: CreditsFile.fileName)
            }
        } catch {
            logger?.warning("\((error as? DownloadFailure)?.message ?? "\(error)")")
        }
        await close(archive)
    }

    /// Closes `archive` on a file thread (it syncs); a failure is only logged: every entry is
    /// committed to its log by then, and a file whose entry is lost is found identical next run.
    func close(_ archive: DownloadArchive?) async {
        guard let archive else { return }
        do {
            try await files.runToEnd { () throws(DownloadFailure) in try archive.close() }
        } catch {
            logger?.warning("\((error as? DownloadFailure)?.message ?? "\(error)")")
        }
    }

    /// `CREDITS.md`'s text: every archived photo's credit; this run's photos joined to it when
    /// some could not be archived (`complete` false), or to the file's own lines when the
    /// archive cannot be used or read.
    static func credits(
        archive: DownloadArchive?, complete: Bool, placed: [DownloadArchive.Entry], folder: TargetFolder
    ) throws(DownloadFailure) -> String {
        if let archive {
            if complete { return CreditsFile.text(for: try archive.entries()) }
            if let recorded = try? archive.entries() {
                let known = Set(recorded.map { key($0.provider, $0.id) })
                let unrecorded = placed.filter { !known.contains(key($0.provider, $0.id)) }
                return CreditsFile.text(for: (recorded + unrecorded).sorted { $0.file < $1.file })
            }
        }
        return CreditsFile.text(adding: placed, to: try folder.read(CreditsFile.fileName))
    }

    static func redacted(_ result: DownloadOutcome.Result, by redact: (String) -> String)
        -> DownloadOutcome.Result
    {
        guard case .failed(let reason) = result else { return result }
        return .failed(reason: redact(reason))
    }

    static func key(_ provider: String, _ id: String) -> String { provider + "\u{0}" + id }

    /// The one key of the placements' scheduler: it bounds only their number.
    static let placingKey = ""

    /// Where `photo`'s bytes come from: its local file, else the image of the wanted size.
    func source(for photo: Photo) -> Source? {
        // Only a local provider's own files are copied: a `file:` image URL from anywhere else
        // could name any file on the machine.
        if let path = photo.fileSystemPath {
            return .local(path, companions: photo.companionFiles.compactMap(FileSystemPath.init(fileURL:)))
        }
        guard let image = Self.image(of: photo, size: options.size) else { return nil }
        guard let scheme = image.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return .remote(image.url)
    }

    /// The image of `size` when offered, else the largest smaller one, else the smallest larger
    /// one; the largest of all when no size is asked for.
    static func image(of photo: Photo, size: ImageSize?) -> PhotoImage? {
        guard let size else { return photo.largestImage }
        if let exact = photo.images.first(where: { $0.size == size }) { return exact }
        return photo.images.filter { $0.size < size }.max { $0.size < $1.size }
            ?? photo.images.filter { $0.size > size }.min { $0.size < $1.size }
    }
}

extension Result where Failure == any Error {
    /// Whether this failed because its task was cancelled.
    fileprivate var isCancellation: Bool {
        if case .failure(let error) = self { return error is CancellationError }
        return false
    }
}
