import CSQLite
import Foundation
import GRDB
import ProviderKit
import Synchronization

/// `.viewfinder-archive.sqlite` in the target folder: which photo (provider and id) was
/// downloaded to which file, its checksum and credit line, so a re-run skips what it has and
/// `CREDITS.md` lists every download. Used from the download's file threads only (GRDB's
/// synchronous calls block the caller, which must not be a thread of Swift's pool).
///
/// Entries are written in batches (``record(_:)``, ``flush()``): a transaction per photo cost
/// about fifteen system calls (locks, WAL pages), a sixth of the CPU of a download of small
/// files. A batch is written at its 16th entry, or with the first entry that comes half a second
/// or more after the batch began. A run that ends, by Ctrl-C too, flushes; a killed process
/// loses at most the 15 entries not yet written, whose files a re-run finds in place with the
/// same bytes and records again (a source that changed the bytes meanwhile gets a second file).
package final class DownloadArchive: Sendable {
    /// The archive's file name in the target folder.
    package static let fileName = ".viewfinder-archive.sqlite"

    /// One downloaded photo.
    package struct Entry: Sendable, Equatable {
        package var provider: String
        package var id: String
        /// The path relative to the target folder.
        package var file: String
        /// The file's checksum (`FileChecksum`: `xxh128:` and hex; archives written before it hold bare SHA-256 hex).
        package var checksum: String
        /// The credit line the licence asks for, when it asks for one.
        package var credit: String?
        /// The photo's title, for its line in `CREDITS.md` (`nil` when it had none, and in
        /// archives from before titles were kept).
        package var title: String?
        /// The file's length when it was written (`nil` in archives from before lengths were kept).
        package var bytes: Int64?
        /// When the file was recorded, in seconds since 1970.
        package var downloadedAt: Double?

        package init(
            provider: String, id: String, file: String, checksum: String, credit: String?, title: String? = nil,
            bytes: Int64? = nil, downloadedAt: Double? = nil
        ) {
            self.provider = provider
            self.id = id
            self.file = file
            self.checksum = checksum
            self.credit = credit
            self.title = title
            self.bytes = bytes
            self.downloadedAt = downloadedAt
        }
    }

    /// How many entries wait before they are written, and for how long at most (checked as
    /// each entry comes).
    static let batchSize = 16
    static let batchAge = Duration.milliseconds(500)

    /// The database; `nil` once closed, so its last reference goes on the file thread that
    /// closed it. GRDB's teardown is no work for Swift's pool: besides closing, it leaves
    /// Foundation's notification centre, whose first cast set up Foundation's bridging (1.3 ms
    /// at the end of every download).
    private let database: Mutex<DatabaseQueue?>
    /// The archive file, for messages.
    private let path: String
    /// Entries not written yet, since when the oldest waits, and whether a batch failed (then
    /// nothing more is tried before ``flush()``, which says why).
    private let pending = Mutex<Pending>(Pending())

    private struct Pending {
        var entries: [Entry] = []
        var since: ContinuousClock.Instant?
        var failed = false
    }

    /// Opens (or creates) the archive in `directory`; throws a message naming the file, with
    /// advice that fits the failure (``ArchiveAdvice``). An archive this call created is removed
    /// again when it cannot be set up (a full disk left it empty), with its log files.
    package init(directory: URL) throws(DownloadFailure) {
        let path = directory.appendingPathComponent(Self.fileName).path
        self.path = path
        guard vf_sqlite_load() != 0 else {
            let reason = vf_sqlite_load_error().map { String(cString: $0) } ?? "libsqlite3.so.0 is not loaded"
            var failure = DownloadFailure(
                "cannot use the download archive \(path): SQLite could not be loaded (\(reason))")
            failure.advice = "install SQLite (Debian: apt-get install libsqlite3-0)"
            throw failure
        }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw DownloadFailure(
                "cannot use the download archive \(path): it is not a regular file (a link or a folder)")
        }
        let files = ["", "-wal", "-shm", "-journal"].map { path + $0 }
        let new = files.filter { lstat($0, &status) != 0 }
        do {
            database = Mutex(try Self.open(path))
        } catch {
            // Closed by now (the queue went with the scope): what this call made goes too.
            for file in new where lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFREG { unlink(file) }
            var failure = DownloadFailure("cannot use the download archive \(path): \(error)")
            failure.advice = ArchiveAdvice.advice(for: error, folder: directory.path)
            throw failure
        }
    }

    /// Opens (or creates) the database at `path` and its table.
    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(10)
        // Write-ahead log, synced at checkpoints: a commit per file costs no fsync (three in
        // the default rollback journal), and a crash loses at most the last records, never the
        // database. A file whose record is lost is downloaded again and found identical (or,
        // when a power cut left it short, completed in place).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS downloads (
                        provider TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL, checksum TEXT NOT NULL,
                        credit TEXT, downloaded_at REAL NOT NULL, bytes INTEGER, title TEXT,
                        PRIMARY KEY (provider, id))
                    """)
            // Archives from before lengths (or titles) were kept get the column; their rows keep none.
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(downloads)").compactMap {
                String.fromDatabaseValue($0["name"] as DatabaseValue)
            }
            if !columns.contains("bytes") {
                try db.execute(sql: "ALTER TABLE downloads ADD COLUMN bytes INTEGER")
            }
            if !columns.contains("title") {
                try db.execute(sql: "ALTER TABLE downloads ADD COLUMN title TEXT")
            }
        }
        return queue
    }

    /// Every entry, by provider and id; throws, naming the row, when one is not Viewfinder's
    /// (a value that is not text, as another program or a damaged file may leave).
    package func entries() throws(DownloadFailure) -> [Entry] {
        let rows: [Row]
        do {
            rows = try queue().read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT provider, id, file, checksum, credit, title, bytes, downloaded_at FROM downloads ORDER BY file"
                )
            }
        } catch {
            throw DownloadFailure("cannot read the download archive \(path): \(error)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(rows.count)
        for (number, row) in rows.enumerated() {
            // Read as database values: GRDB's typed reads stop the process on a value of another type.
            func text(_ column: String) throws(DownloadFailure) -> String {
                guard let value = String.fromDatabaseValue(row[column] as DatabaseValue) else {
                    throw DownloadFailure(
                        "the download archive \(path), row \(number + 1) (by file), has a `\(column)` that is not text; "
                            + "it was not written by Viewfinder")
                }
                return value
            }
            let credit = row["credit"] as DatabaseValue
            // Only for CREDITS.md: a title of another type (not Viewfinder's) is taken as none.
            let title = String.fromDatabaseValue(row["title"] as DatabaseValue)
            // A length or time of another type (not Viewfinder's) is taken as unknown: it only
            // serves to notice files a power cut left short.
            let bytes = Int64.fromDatabaseValue(row["bytes"] as DatabaseValue)
            let downloadedAt = Double.fromDatabaseValue(row["downloaded_at"] as DatabaseValue)
            entries.append(
                Entry(
                    provider: try text("provider"), id: try text("id"), file: try text("file"),
                    checksum: try text("checksum"), credit: credit.isNull ? nil : try text("credit"),
                    title: title, bytes: bytes, downloadedAt: downloadedAt))
        }
        return entries
    }

    /// Records `entry` (with the time now), replacing an earlier one for the same photo: at once
    /// when a batch is full or old enough, else with the next batch or at ``flush()``. A batch
    /// that cannot be written waits for ``flush()``, which reports the failure.
    package func record(_ entry: Entry) {
        var entry = entry
        entry.downloadedAt = Date().timeIntervalSince1970
        let now = ContinuousClock.now
        let batch: [Entry]? = pending.withLock { pending in
            pending.entries.append(entry)
            let since = pending.since ?? now
            pending.since = since
            guard !pending.failed, pending.entries.count >= Self.batchSize || now - since >= Self.batchAge
            else { return nil }
            defer { pending = Pending() }
            return pending.entries
        }
        guard let batch else { return }
        do {
            try write(batch)
        } catch {
            pending.withLock { pending in
                pending.entries = batch + pending.entries
                pending.since = pending.since ?? now
                pending.failed = true
            }
        }
    }

    /// Closes the archive: the write-ahead log is copied into the database and both are synced
    /// (two fdatasyncs). For a file thread at the end of a run, after the last use; otherwise
    /// the last reference's release would do it on whichever thread let it go.
    package func close() throws(DownloadFailure) {
        do {
            // Taken out, so the queue is released here, on this thread, whoever holds the archive.
            guard let queue = database.withLock({ $0.take() }) else { return }
            try queue.close()
        } catch {
            throw DownloadFailure("cannot close the download archive \(path): \(error)")
        }
    }

    /// Writes every entry still waiting; throws, naming them, when they cannot be written.
    package func flush() throws(DownloadFailure) {
        let batch = pending.withLock { pending in
            defer { pending = Pending() }
            return pending.entries
        }
        guard !batch.isEmpty else { return }
        do {
            try write(batch)
        } catch {
            let files = batch.prefix(3).map(\.file).joinedText(separator: ", ") + (batch.count > 3 ? ", …" : "")
            let folder = (path as NSString).deletingLastPathComponent
            let advice = ArchiveAdvice.advice(for: error, folder: folder).map { "; " + $0 } ?? ""
            throw DownloadFailure(
                "cannot record \(batch.count) downloaded file\(batch.count == 1 ? "" : "s") (\(files)) in the download archive \(path): \(error); "
                    + "they are in the folder, and a re-run records them\(advice)")
        }
    }

    /// The open database.
    private func queue() throws -> DatabaseQueue {
        guard let queue = database.withLock({ $0 }) else { throw Closed() }
        return queue
    }

    private struct Closed: Error, CustomStringConvertible {
        var description: String { "it was closed" }
    }

    private func write(_ batch: [Entry]) throws {
        try queue().write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO downloads (provider, id, file, checksum, credit, downloaded_at, bytes, title)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for entry in batch {
                try statement.execute(arguments: [
                    entry.provider, entry.id, entry.file, entry.checksum, entry.credit,
                    entry.downloadedAt ?? Date().timeIntervalSince1970, entry.bytes, entry.title,
                ])
            }
        }
    }
}

/// Why a download (or the whole run) failed, in words a person acts on.
package struct DownloadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    package let message: String
    /// What happened to each photo, when the run got that far (the failure came after, such
    /// as `CREDITS.md` on a full disk).
    package var outcomes: [DownloadOutcome]?
    /// What to do about an archive that cannot be used, when the failure says more than that
    /// it is damaged (a full disk, a folder Viewfinder may not write in).
    package var advice: String?

    /// Creates a failure.
    package init(_ message: String) {
        self.message = message
        outcomes = nil
        advice = nil
    }

    package var description: String { message }
}
