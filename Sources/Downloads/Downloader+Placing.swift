import Foundation
import Logging
import ProviderKit
import ServiceBus
import Synchronization

/// Placing a received file: synced, named, recorded in the archive, and its source told.
extension Downloader {
    /// Syncs (when asked), names and records a received file in one piece of file work; the
    /// temporary file is gone afterwards. Gives back its place among the placements (`placing`)
    /// before the source's download report.
    func place(_ received: Received, job: Job, opening: ArchiveOpening, placing: HostScheduler) async
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

    /// Copies (or links) a local photo's file, then its `companions` under the same name with
    /// their own extensions (`x.jpg`, then `x.cr2`), each with its own sidecar.
    func place(local path: FileSystemPath, companions: [FileSystemPath], job: Job, opening: ArchiveOpening)
        async throws -> Attempt
    {
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
        let photo = job.written
        let writeSidecar = { @Sendable (placed: TargetFolder.Placed) throws(DownloadFailure) in
            try folder.write(
                XMPSidecar.text(for: photo), to: XMPSidecar.fileName(forImage: placed.file), durable: false)
        }
        do {
            // Run to its end even when the caller is cancelled meanwhile: a named file is recorded.
            let (placed, bytes) = try await files.runToEnd { () throws(DownloadFailure) in
                let (placed, checksum, bytes) = try Self.placeLocal(
                    path, as: name, in: folder, link: link, completing: job.completing)
                try record(placed, checksum, bytes)
                for companion in companions {
                    let (besides, _, _) = try Self.placeLocal(
                        companion, as: placed.name, in: folder, link: link, completing: nil, ownExtension: true)
                    try writeSidecar(besides)
                }
                return (placed, bytes)
            }
            return .done(try await reported(placed, job: job, bytes: bytes))
        } catch let failure as DownloadFailure {
            return .done(.failed(reason: failure.message))
        }
    }

    /// Copies (or hard-links) a local photo into the folder; returns where, its checksum and length.
    /// `ownExtension`: the file keeps its own extension where it has one (a RAW, which a TIFF's
    /// first bytes would name `tif`), else gets the one its bytes announce.
    static func placeLocal(
        _ path: FileSystemPath, as name: FileNameTemplate.Name, in folder: TargetFolder, link: Bool,
        completing: DownloadArchive.Entry?, ownExtension: Bool = false
    )
        throws(DownloadFailure) -> (TargetFolder.Placed, String, Int64)
    {
        if link {
            let checksum = try TargetFolder.checksum(ofFile: path)
            _ = try folder.makeFolder(for: name)
            let placed = try folder.link(
                path, as: name, fileExtension: localExtension(path, leading: [], own: ownExtension),
                completing: completing)
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
        let fileExtension = localExtension(path, leading: copied.leading, own: ownExtension)
        let placed = try folder.place(part, as: name, fileExtension: fileExtension, completing: completing)
        return (placed, copied.checksum, copied.bytes)
    }

    static func localExtension(_ path: FileSystemPath, leading: [UInt8], own preferOwn: Bool = false) -> String {
        let own = URL(fileURLWithPath: path.shown, isDirectory: false).pathExtension.lowercased()
        let safe = SafeName.make(own, limit: 5, fallback: "")
        if preferOwn, !safe.isEmpty { return safe }
        let sniffed = ImageType.sniff(leading)
        // Most camera RAWs open as a TIFF does: a NEF stays a NEF, not a `.tif` no RAW tool opens.
        if sniffed == "tif", ImageType.cameraRAWExtensions.contains(safe) { return safe }
        return sniffed ?? (safe.isEmpty ? "bin" : safe)
    }

    /// What records a named file (on a file thread, right after naming it): its sidecar and its
    /// archive entry. A named file always gets both, also when the download is being cancelled:
    /// a re-run then knows it has the file.
    func recorder(job: Job, archive: DownloadArchive?)
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
    func reported(_ placed: TargetFolder.Placed, job: Job, bytes: Int64) async throws
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
final class ArchiveOpening: Sendable {
    let task: Task<DownloadArchive?, any Error>

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
