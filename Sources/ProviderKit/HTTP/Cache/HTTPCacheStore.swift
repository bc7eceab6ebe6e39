import Foundation

/// The cache's folder: one file per entry, named by the digest of its key, written atomically
/// (a temporary file in the same folder, then `rename`), read with a bound and checked, and
/// kept under a size cap by removing the least recently used entries (a hit refreshes its file's
/// modification time). All of it runs in order on one ``SerialLane`` of ``BlockingExecutor``, never
/// on Swift's cooperative pool.
final class HTTPCacheStore: Sendable {
    let directory: URL
    let maxBytes: Int
    private let files = SerialLane()

    /// Temporary files older than this are left over from a process that died mid-write.
    private static let abandonedTemporaryAge: TimeInterval = 600
    private static let temporaryPrefix = ".tmp-"

    init(directory: URL, maxBytes: Int) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
    }

    /// What the cache holds for a key.
    enum Lookup: Sendable {
        /// The intact entry.
        case entry(HTTPCacheEntry)
        /// Nothing (or nothing readable, or the caller was cancelled first).
        case missing
        /// A file that was not an intact entry (torn, damaged or foreign); it has been removed.
        case damaged
        /// An entry larger than the request allows; it stays for requests that allow it.
        case tooLarge
        /// Something that is no entry and could not be removed (a folder with files in it).
        case foreign
        /// The cache's folder cannot be reached (a file on its way, a name too long, a loop of
        /// links), with the system's words.
        case unusable(String)
    }

    /// The intact entry for `keyDigest`, or `nil` (none, unreadable, larger than `maxBodyBytes`
    /// allows, or the caller was cancelled first). An entry that is not intact is removed.
    func read(_ keyDigest: String, maxBodyBytes: Int) async -> HTTPCacheEntry? {
        if case .entry(let entry) = await lookUp(keyDigest, maxBodyBytes: maxBodyBytes) { return entry }
        return nil
    }

    /// What the cache holds for `keyDigest`, telling a damaged entry (removed) and one too large
    /// for `maxBodyBytes` from none.
    func lookUp(_ keyDigest: String, maxBodyBytes: Int) async -> Lookup {
        let path = file(keyDigest).path
        let limit = min(maxBytes, maxBodyBytes, Int.max / 2) + HTTPCacheEntry.maxHeaderBytes + 64
        let found = try? await files.run { _ in Self.readEntry(path: path, keyDigest: keyDigest, limit: limit) }
        return found ?? .missing
    }

    /// Stores `entry`, replacing any entry for the same key; returns when it is written (or at
    /// once when the caller is cancelled: the write finishes in the background), with why it was
    /// not, if it was not. Evicts after.
    @discardableResult
    func write(_ entry: HTTPCacheEntry) async -> String? {
        let bytes = entry.encoded()
        guard bytes.count <= maxBytes else { return "larger than the cache's cap" }
        let directory = directory
        let target = file(entry.keyDigest)
        let maxBytes = maxBytes
        let written: Bool
        do {
            written = try await files.run { _ in Self.writeAtomically(bytes, to: target, in: directory) }
        } catch is CancellationError {
            written = true  // as far as the caller knows: it finishes in the background
        } catch {
            return "\(error)"  // no thread to write it on
        }
        files.post { Self.evict(in: directory, toFit: maxBytes, keeping: target.lastPathComponent) }
        return written ? nil : "cannot write in \(directory.path)"
    }

    /// Waits until every write and eviction queued so far is done (tests, and callers about to exit).
    func drain() async {
        _ = try? await files.run { _ in }
    }

    private func file(_ keyDigest: String) -> URL {
        directory.appendingPathComponent(keyDigest, isDirectory: false)
    }

    private static func readEntry(path: String, keyDigest: String, limit: Int) -> Lookup {
        // Without blocking: a FIFO put in an entry's place would otherwise hold an executor thread.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ENOTDIR, ENAMETOOLONG:
                return .unusable(String(cString: strerror(errno)))  // the folder, not the entry
            case ELOOP where !isLink(path):
                return .unusable(String(cString: strerror(ELOOP)))  // a loop above the entry
            default: return removeForeign(path)  // a link in an entry's place, or unreadable
            }
        }
        defer { close(descriptor) }
        guard let regular = regularFileSize(descriptor) else { return removeForeign(path) }
        let size = Int(regular)
        guard size <= limit else { return .tooLarge }  // too big for this request: leave it, do not read it
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { readAll(descriptor, into: $0) == size }
        guard complete, let entry = HTTPCacheEntry.decode(data, keyDigest: keyDigest) else {
            unlink(path)  // torn, damaged or foreign: it will be replaced by the next answer
            return .damaged
        }
        _ = futimens(descriptor, nil)  // used now: the last to be evicted
        return .entry(entry)
    }

    /// Whether `path` itself is a symbolic link (then `ELOOP` is about it, not the folders above).
    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Removes what is in an entry's place but is no entry (a link, a FIFO, a folder): `.damaged`
    /// once it is gone, `.foreign` when it cannot be removed (a folder with files in it).
    private static func removeForeign(_ path: String) -> Lookup {
        unlink(path) == 0 || rmdir(path) == 0 ? .damaged : .foreign
    }

    private static func writeAtomically(_ bytes: Data, to target: URL, in directory: URL) -> Bool {
        guard
            mkdir(directory.path, 0o700) == 0 || errno == EEXIST
                || (try? FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
        else { return false }
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBytes { writeAll(descriptor, $0) == nil }
        // No fsync: after a crash a torn entry fails its checksum and is replaced; an answer is not worth a disk flush.
        guard close(descriptor) == 0, written, rename(temporary, target.path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the least recently used entries until the folder holds at most `maxBytes`, and
    /// temporary files a dead process left behind. Files of other names are not the cache's: left alone.
    private static func evict(in directory: URL, toFit maxBytes: Int, keeping newest: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(name: String, size: Int, used: Double)] = []
        var total = 0
        let now = Date().timeIntervalSince1970
        for name in names {
            var info = stat()
            let path = directory.appendingPathComponent(name).path
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if name.hasPrefix(temporaryPrefix) {
                if now - used > abandonedTemporaryAge { unlink(path) }
                continue
            }
            guard isEntryName(name) else { continue }
            entries.append((name, Int(info.st_size), used))
            total += Int(info.st_size)
        }
        guard total > maxBytes else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where entry.name != newest {
            guard total > maxBytes else { break }
            if unlink(directory.appendingPathComponent(entry.name).path) == 0 { total -= entry.size }
        }
    }

    /// Whether `name` is a digest this store named a file by: 64 lower-case hex digits.
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
