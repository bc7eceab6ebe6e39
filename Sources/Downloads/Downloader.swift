import Foundation
import Logging
import ProviderKit
import ServiceBus
import Synchronization

/// Downloads search results into a folder: each photo's image (the size asked for, else the
/// largest), at most `parallel` at once and `per_host` to one host, a host pausing alone when
/// it answers 429 or 503; each file written atomically, with an XMP sidecar, recorded in the
/// folder's archive, and credited in `CREDITS.md`.
public final class Downloader: Sendable {
    private enum Source: Sendable {
        case local(FileSystemPath)
        case remote(URL)
    }

    private struct Job: Sendable {
        var index: Int
        var photo: Photo
        /// The photo as written to disk (secrets hidden).
        var written: Photo
        var source: Source
        var name: FileNameTemplate.Name
        /// The photo's own archive entry when its file was cut short: that file may be completed in place.
        var completing: DownloadArchive.Entry?
    }

    private enum Attempt: Sendable {
        case done(DownloadOutcome.Result)
        /// The whole body is in a temporary file, to be synced and named.
        case received(Received)
        case paused(Duration, status: Int)
        case lost(String)
    }

    /// A body that arrived whole, in its temporary file.
    private struct Received: Sendable {
        var part: (path: String, descriptor: Int32)
        var fileExtension: String
        var bytes: Int64
        var checksum: String
    }

    private let http: any HTTPClient
    private let options: DownloadOptions
    private let logger: Logger?
    private let reportDownload: @Sendable (Photo) async throws -> Void
    private let events: @Sendable (DownloadEvent) -> Void
    private let folder: TargetFolder
    private let files = FileThreads(count: 4)
    /// This run's files, for `CREDITS.md` when the archive cannot be used.
    private let placedThisRun = Mutex<[DownloadArchive.Entry]>([])
    /// Each photo's outcome once known, for ``DownloadStopped`` when the run is stopped.
    private let decided = Mutex<[DownloadOutcome?]>([])

    /// A downloader using `http` (streamed bodies); `reportDownload` tells a photo's source it
    /// was downloaded (Unsplash's rule); `events` hears progress.
    public init(
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
    public func run(_ photos: [Photo]) async throws -> [DownloadOutcome] {
        decided.withLock { $0 = Array(repeating: nil, count: photos.count) }
        do {
            return try await runUncancelled(photos)
        } catch is CancellationError {
            stop()
            let done = decided.withLock { $0 }
            let finished = done.compactMap { $0 }
            throw DownloadStopped(finished: finished, unfinished: done.count - finished.count)
        }
    }

    /// Notes what happened to photo `index`, for a summary if the run is stopped.
    private func decide(_ index: Int, _ photo: Photo, _ result: DownloadOutcome.Result) {
        decided.withLock { $0[index] = DownloadOutcome(provider: photo.provider, id: photo.id, result: result) }
    }

    /// Stops placing files and removes the temporary ones (Ctrl-C); safe to call at any time.
    public func stop() {
        folder.stop()
    }

    /// The folder's archive and its entries; with `--no-archive`, only the entries whose files
    /// are still in place, and no archive (with a warning) when it cannot be used.
    private func openArchive() async throws -> (DownloadArchive?, [DownloadArchive.Entry]) {
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
            logger?.warning(
                "\(failure.message); going on without it (move it away to keep a record of this folder's downloads)")
            return (nil, [])
        }
    }

    /// The folder's archive, and the entries planning needs. A folder with an archive has it
    /// opened and read first; a folder without one has nothing to skip, and its archive is made
    /// while the first transfers run (a new SQLite file costs several syncs, 4 ms here): each
    /// file waits for it before it is named.
    private func archiveAndEntries(hasArchive: Bool) async throws -> (ArchiveOpening, [DownloadArchive.Entry]) {
        guard hasArchive else { return (ArchiveOpening(Task { try await self.openArchive().0 }), []) }
        let (archive, entries) = try await openArchive()
        return (ArchiveOpening(Task { archive }), entries)
    }

    private func runUncancelled(_ photos: [Photo]) async throws -> [DownloadOutcome] {
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

    /// Closes `archive` on a file thread (it syncs); a failure is only logged: every entry is
    /// committed to its log by then, and a file whose entry is lost is found identical next run.
    private func close(_ archive: DownloadArchive?) async {
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
    private static func credits(
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

    private static func redacted(_ result: DownloadOutcome.Result, by redact: (String) -> String)
        -> DownloadOutcome.Result
    {
        guard case .failed(let reason) = result else { return result }
        return .failed(reason: redact(reason))
    }

    private static func key(_ provider: String, _ id: String) -> String { provider + "\u{0}" + id }

    /// The one key of the placements' scheduler: it bounds only their number.
    private static let placingKey = ""

    /// Where `photo`'s bytes come from: its local file, else the image of the wanted size.
    private func source(for photo: Photo) -> Source? {
        // Only a local provider's own files are copied: a `file:` image URL from anywhere else
        // could name any file on the machine.
        if let path = photo.fileSystemPath { return .local(path) }
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

    /// Fetches one photo, waiting for its host and retrying after pauses and dropped connections;
    /// throws only `CancellationError`.
    private func fetch(_ job: Job, scheduler: HostScheduler, placing: HostScheduler, opening: ArchiveOpening)
        async throws
        -> DownloadOutcome.Result
    {
        let host: String
        switch job.source {
        case .local: host = ""
        case .remote(let url): host = (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
        }
        var pauses = 0
        var losses = 0
        while true {
            try await scheduler.start(host)
            let attempt: Attempt
            do {
                switch job.source {
                case .local(let path): attempt = try await place(local: path, job: job, opening: opening)
                case .remote(let url): attempt = try await transfer(url, job: job)
                }
            } catch {
                await scheduler.finished(host)
                throw error
            }
            switch attempt {
            case .done(let result):
                await scheduler.finished(host)
                return result
            case .received(let received):
                // The connection is free once the body is in: the next transfer starts while this
                // file is synced and named. Placements have their own bound, so finished files
                // (each holding a descriptor) cannot pile up behind a slow disk.
                do {
                    try await placing.start(Self.placingKey)
                } catch {
                    folder.discard(received.part)
                    await scheduler.finished(host)
                    throw error
                }
                await scheduler.finished(host)
                return try await place(received, job: job, opening: opening, placing: placing).get()
            case .paused(let wait, let status):
                pauses += 1
                await scheduler.pause(host, for: wait)  // before the slot is freed, so no other transfer slips in
                await scheduler.finished(host)
                logger?.info("\(host) answered \(status): pausing it for \(wait)")
                if pauses > options.maxPauses {
                    return .failed(reason: "\(host) answered \(status) \(pauses) times in a row; try again later")
                }
            case .lost(let reason):
                await scheduler.finished(host)
                losses += 1
                if losses > 2 { return .failed(reason: reason) }
            }
        }
    }

    private func transfer(_ url: URL, job: Job) async throws -> Attempt {
        let folder = self.folder
        let name = job.name
        // The temporary file is made by the HTTP client's thread as the transfer starts (no
        // hand-off to a file thread and back first), and none when it never starts.
        let created = CreatedPart()
        let sink = DescriptorBodySink(opening: {
            do throws(DownloadFailure) {
                let part = try folder.createPart(for: name)
                created.state.withLock { $0.part = part }
                return .success(part.descriptor)
            } catch {
                created.state.withLock { $0.failure = error.message }
                return .failure(DescriptorBodySink.OpenFailure(error.message))
            }
        })
        events(.started(index: job.index, name: name.file("")))
        let request = HTTPRequest(
            url: url, headers: [HTTPRequest.Header("Accept", "image/*,*/*;q=0.5")], timeout: options.transferTimeout,
            stallTimeout: options.stallTimeout, maxResponseBytes: options.maxFileBytes, retry: .never, logger: logger)
        let events = self.events
        let index = job.index
        let response: HTTPResponse
        do {
            response = try await http.stream(request, into: sink) { received, expected in
                events(.progress(index: index, received: received, expected: expected))
            }
        } catch {
            let (part, failure) = created.state.withLock { ($0.part, $0.failure) }
            if let part { folder.discard(part) }
            // The folder's own words (a symbolic link in the way, a full disk), not the request's.
            if let failure { return .done(.failed(reason: failure)) }
            switch error {
            case is CancellationError:
                throw CancellationError()
            case let error as HTTPClientError where error.kind == .connectionLost:
                return .lost(error.message)
            case let error as HTTPClientError where error.kind == .timedOut:
                // Not tried again: a server too slow for the whole timeout would hold a slot for
                // several of them.
                return .done(
                    .failed(reason: "the transfer took longer than \(options.transferTimeout): \(error.message)"))
            case let error as HTTPClientError where error.kind == .stalled:
                // Not tried again either: a server that stalls once likely stalls again.
                return .done(.failed(reason: error.message))
            default:
                return .done(.failed(reason: "\(error)"))
            }
        }
        // A client that cannot stream (HTTPClient's default `stream`) starts the sink only for a
        // 2xx answer: another one has no file to discard.
        let made = created.state.withLock { $0.part }
        if response.status == 429 || response.status == 503 {
            if let made { folder.discard(made) }
            let asked = response.headers["retry-after"].flatMap { RetryPolicy.parseRetryAfter($0) }
            if let asked, asked > options.maxPause {
                return .done(.failed(reason: "\(url.host ?? "the host") asks to wait \(asked) (Retry-After)"))
            }
            return .paused(asked ?? options.defaultPause, status: response.status)
        }
        guard response.isSuccess else {
            if let made { folder.discard(made) }
            return .done(.failed(reason: "HTTP \(response.status) for \(request.redactedDescription)"))
        }
        guard let part = made else {
            return .done(.failed(reason: "no temporary file was made for \(request.redactedDescription)"))
        }
        let received = sink.byteCount
        // Files are asked for as they are (`Accept-Encoding: identity`) and nothing is decoded, so
        // the bytes received are the bytes Content-Length counts, whatever Content-Encoding says.
        if let declared = response.headers["content-length"].flatMap(Int64.init),
            declared != received
        {
            folder.discard(part)
            return .lost("the connection ended after \(received) of \(declared) bytes")
        }
        guard received > 0 else {
            folder.discard(part)
            return .done(.failed(reason: "the server sent an empty file"))
        }
        let contentType = response.headers["content-type"]
        guard
            let fileExtension = ImageType.fileExtension(
                leadingBytes: sink.leadingBytes, contentType: contentType, url: url)
        else {
            folder.discard(part)
            // Whole or not at all: a type cut short could end inside a secret the server echoed.
            let sentAs = contentType.map { $0.count <= 80 ? " (sent as \($0))" : "" } ?? ""
            return .done(.failed(reason: "the server's answer is not an image\(sentAs)"))
        }
        guard let checksum = sink.checksum() else {
            folder.discard(part)
            return .done(.failed(reason: "cannot compute a checksum (libxxhash)"))
        }
        return .received(Received(part: part, fileExtension: fileExtension, bytes: received, checksum: checksum))
    }

    /// Syncs (when asked), names and records a received file in one piece of file work; the
    /// temporary file is gone afterwards. Gives back its place among the placements (`placing`)
    /// before the source's download report.
    private func place(_ received: Received, job: Job, opening: ArchiveOpening, placing: HostScheduler) async
        -> Result<DownloadOutcome.Result, CancellationError>
    {
        let folder = self.folder
        let name = job.name
        let archive: DownloadArchive?
        do {
            archive = try await opening.archive()
        } catch {
            // The run fails for it (see `runUncancelled`); no file is named without its record.
            folder.discard(received.part)
            await placing.finished(Self.placingKey)
            return .success(.failed(reason: "\(error)"))
        }
        let record = recorder(job: job, archive: archive)
        // Once begun, this runs to its end and closes and removes the temporary file whatever
        // happens; when the download is cancelled before it begins, the file is discarded instead.
        let nameAndRecord = { @Sendable () throws(DownloadFailure) -> TargetFolder.Placed in
            folder.startWriteback(received.part)
            let placed = try folder.place(
                received.part, as: name, fileExtension: received.fileExtension, completing: job.completing)
            try record(placed, received.checksum, received.bytes)
            return placed
        }
        let named: Result<TargetFolder.Placed, any Error>
        do {
            named = .success(try await files.run(nameAndRecord, releasing: { folder.discard(received.part) }))
        } catch {
            named = .failure(error)
        }
        await placing.finished(Self.placingKey)
        do {
            return .success(try await reported(try named.get(), job: job, bytes: received.bytes))
        } catch let failure as DownloadFailure {
            return .success(.failed(reason: failure.message))
        } catch {
            return .failure(CancellationError())
        }
    }

    private func place(local path: FileSystemPath, job: Job, opening: ArchiveOpening) async throws -> Attempt {
        let folder = self.folder
        let name = job.name
        let link = options.link
        let archive: DownloadArchive?
        do {
            archive = try await opening.archive()
        } catch {
            return .done(.failed(reason: "\(error)"))  // the run fails for it (see `runUncancelled`)
        }
        let record = recorder(job: job, archive: archive)
        do {
            // Run to its end even when the caller is cancelled meanwhile: a named file is recorded.
            let (placed, bytes) = try await files.runToEnd { () throws(DownloadFailure) in
                let (placed, checksum, bytes) = try Self.placeLocal(
                    path, as: name, in: folder, link: link, completing: job.completing)
                try record(placed, checksum, bytes)
                return (placed, bytes)
            }
            return .done(try await reported(placed, job: job, bytes: bytes))
        } catch let failure as DownloadFailure {
            return .done(.failed(reason: failure.message))
        }
    }

    /// Copies (or hard-links) a local photo into the folder; returns where, its checksum and length.
    private static func placeLocal(
        _ path: FileSystemPath, as name: FileNameTemplate.Name, in folder: TargetFolder, link: Bool,
        completing: DownloadArchive.Entry?
    )
        throws(DownloadFailure) -> (TargetFolder.Placed, String, Int64)
    {
        if link {
            let checksum = try TargetFolder.checksum(ofFile: path)
            _ = try folder.makeFolder(for: name)
            let placed = try folder.link(
                path, as: name, fileExtension: localExtension(path, leading: []), completing: completing)
            var status = stat()
            let found = path.withCString { stat($0, &status) } == 0
            return (placed, checksum, found ? Int64(status.st_size) : 0)
        }
        let part = try folder.createPart(for: name)
        let copied: (bytes: Int64, checksum: String, leading: [UInt8])
        do {
            copied = try folder.copy(path, into: part)
        } catch {
            folder.discard(part)
            throw error
        }
        // `place` closes and removes the temporary file whatever happens.
        let fileExtension = localExtension(path, leading: copied.leading)
        let placed = try folder.place(part, as: name, fileExtension: fileExtension, completing: completing)
        return (placed, copied.checksum, copied.bytes)
    }

    private static func localExtension(_ path: FileSystemPath, leading: [UInt8]) -> String {
        let own = URL(fileURLWithPath: path.shown, isDirectory: false).pathExtension.lowercased()
        let safe = SafeName.make(own, limit: 5, fallback: "")
        return ImageType.sniff(leading) ?? (safe.isEmpty ? "bin" : safe)
    }

    /// What records a named file (on a file thread, right after naming it): its sidecar and its
    /// archive entry. A named file always gets both, also when the download is being cancelled:
    /// a re-run then knows it has the file.
    private func recorder(job: Job, archive: DownloadArchive?)
        -> @Sendable (TargetFolder.Placed, String, Int64) throws(DownloadFailure) -> Void
    {
        let folder = self.folder
        let photo = job.written
        return { [self] placed, checksum, bytes throws(DownloadFailure) in
            let entry = DownloadArchive.Entry(
                provider: photo.provider, id: photo.id, file: placed.file, checksum: checksum,
                credit: photo.attribution ?? AttributionLine.line(for: photo), title: photo.title, bytes: bytes)
            placedThisRun.withLock { $0.append(entry) }
            try folder.write(
                XMPSidecar.text(for: photo), to: XMPSidecar.fileName(forImage: placed.file), durable: false)
            archive?.record(entry)
        }
    }

    /// Tells the source of a newly downloaded photo (Unsplash asks to hear of each), and gives the outcome.
    private func reported(_ placed: TargetFolder.Placed, job: Job, bytes: Int64) async throws
        -> DownloadOutcome.Result
    {
        let photo = job.written
        if case .remote = job.source, !placed.wasThere {
            do {
                try await reportDownload(job.photo)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger?.warning("\(photo.provider): could not report the download of \(photo.id): \(error)")
            }
        }
        return placed.wasThere ? .alreadyHad(file: placed.file) : .downloaded(file: placed.file, bytes: bytes)
    }
}

/// The folder's archive, opened or being opened (``Downloader``'s `archiveAndEntries`): `nil`
/// when the run goes on without one, a ``DownloadFailure`` when the run cannot.
private final class ArchiveOpening: Sendable {
    private let task: Task<DownloadArchive?, any Error>

    init(_ task: Task<DownloadArchive?, any Error>) { self.task = task }

    /// The archive; `CancellationError` at once when the caller is cancelled first (then the
    /// run is: only the run's own tasks wait here), the file work going on in the background.
    func archive() async throws -> DownloadArchive? {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}

/// The temporary file a transfer's sink made, for the transfer's caller to name or discard, or
/// why it could not make one.
private final class CreatedPart: Sendable {
    struct State {
        var part: (path: String, descriptor: Int32)?
        var failure: String?
    }
    let state = Mutex(State())
}
