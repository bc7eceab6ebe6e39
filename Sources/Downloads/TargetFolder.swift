import CLinux
import Foundation
import ProviderKit
import Synchronization

/// The target folder's files, written atomically: a body goes to a temporary file in its final
/// folder, is synced when asked (`download.sync`), and only then appears under its final name
/// (by a link, which never replaces a file but the photo's own that a power cut left short: see
/// ``link(_:as:fileExtension:completing:unnamed:)``). The temporary file has no name at all
/// (`O_TMPFILE`): nothing is left of it when the process is killed, and it costs one change to
/// the folder instead of three; where the file system has no such files it is a
/// `.….viewfinder-part` file, which the next run removes. Two photos never get one name: names
/// are reserved in the results' order before any file is named, and one taken on disk by
/// another file gets a number. Every call blocks: run them through ``FileWork``.
final class TargetFolder: Sendable {
    /// The suffix of temporary files; a run removes those an earlier, killed run left.
    static let partSuffix = ".viewfinder-part"

    struct State {
        var reserved: Set<String> = []
        var parts: Set<String> = []
        var stopped = false
        /// Folders this run made below the root, in the order made.
        var madeFolders: [String] = []
    }

    let root: URL
    /// Whether each file is synced before it gets its name.
    let sync: Bool
    /// Whether temporary files are unnamed where the file system has such files.
    let usesUnnamedFiles: Bool
    /// `root`'s path. Paths below it are joined as text: Foundation's `appendingPathComponent`
    /// asks the file system whether each one is a folder, a `stat` for every name.
    let rootPath: String
    let state = Mutex(State())
    /// Numbers this process's temporary files (with its process id, so two runs writing into one
    /// folder never pick the same name; `O_EXCL` catches the rest).
    static let partNumbers = Atomic<UInt64>(0)

    init(root: URL, sync: Bool, unnamedFiles: Bool = true) {
        self.root = root
        self.sync = sync
        usesUnnamedFiles = unnamedFiles && Self.canNameUnnamedFiles
        rootPath = root.path.hasSuffix("/") && root.path.count > 1 ? String(root.path.dropLast()) : root.path
    }

    /// The path of `relative` in the folder.
    func path(_ relative: String) -> String {
        rootPath == "/" ? "/" + relative : rootPath + "/" + relative
    }

    /// The folder `path` is in ("/" for a name right below the root).
    static func folder(of path: String) -> String {
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// A new temporary file's name.
    static func partName() -> String {
        ".\(getpid())-\(partNumbers.add(1, ordering: .relaxed).oldValue)\(partSuffix)"
    }

    /// Where an unnamed file can be reached while it is open.
    static let unnamedPrefix = "/proc/self/fd/"

    /// Whether `/proc/self/fd` is there, through which unnamed files get their names.
    static let canNameUnnamedFiles = access("/proc/self/fd", X_OK) == 0

    /// Whether `part` is an unnamed file (its path is `/proc/self/fd/N`).
    static func isUnnamed(_ part: (path: String, descriptor: Int32)) -> Bool {
        part.path.hasPrefix(unnamedPrefix)
    }

    /// Creates a new temporary file in `folder`, open for writing: an unnamed one where the file
    /// system has them (its path then reaches it through `/proc/self/fd` while it is open).
    func createTemporary(in folder: String) throws(DownloadFailure) -> (path: String, descriptor: Int32) {
        if usesUnnamedFiles {
            let descriptor = vf_open_unnamed(folder, 0o644)
            if descriptor >= 0 { return (Self.unnamedPrefix + String(descriptor), descriptor) }
            // Any failure (no such files here, or a reason a named file meets too) goes on below.
        }
        while true {
            let path = folder + "/" + Self.partName()
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (path, descriptor) }
            guard errno == EEXIST else {
                throw DownloadFailure("cannot write in \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Creates the folder and removes temporary files an interrupted run left behind.
    func prepare() throws(DownloadFailure) {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw DownloadFailure("cannot create the folder \(root.path): \(Self.reason(error))")
        }
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return }
        var seen = 0
        while let relative = walk.nextObject() as? String, seen < 200_000 {
            seen += 1
            if relative.hasSuffix(Self.partSuffix) { unlink(path(relative)) }
        }
    }

    /// Reserves `name` (or a numbered variant) for one photo and returns it.
    func reserve(_ name: FileNameTemplate.Name) -> FileNameTemplate.Name {
        state.withLock { state in
            var candidate = name
            var number = 2
            while state.reserved.contains(candidate.key) {
                candidate = name.numbered(number)
                number += 1
            }
            state.reserved.insert(candidate.key)
            return candidate
        }
    }

    /// A new temporary file in `name`'s folder, open for writing.
    func createPart(for name: FileNameTemplate.Name) throws(DownloadFailure) -> (path: String, descriptor: Int32) {
        guard !state.withLock({ $0.stopped }) else { throw DownloadFailure("stopped") }
        let part = try createTemporary(in: try makeFolder(for: name))
        // Created outside the lock (other threads go on meanwhile); a stop that came in between
        // did not see it, so it goes here. An unnamed file needs no removing: closed, it is gone.
        let stopped = state.withLock { state in
            if !state.stopped && !Self.isUnnamed(part) { state.parts.insert(part.path) }
            return state.stopped
        }
        guard stopped else { return part }
        discard(part)
        throw DownloadFailure("stopped")
    }

    /// When files are synced, asks the kernel to start writing a finished temporary file out, so
    /// the fsync in ``place(_:as:fileExtension:)`` finds less left to wait for. A hint: a write
    /// error shows at the fsync.
    func startWriteback(_ part: (path: String, descriptor: Int32)) {
        if sync { _ = vf_start_writeback(part.descriptor) }
    }

    /// Whether the archived file of `entry` is shorter than it was written and unchanged since:
    /// a power cut came before the disk had all of it (files are not synced unless asked). The
    /// next run downloads it again and completes it in place. A file changed after it was
    /// recorded (edited, say) is the owner's and is left alone.
    func wasCutShort(_ entry: DownloadArchive.Entry) -> Bool {
        cutShortFile(entry) != nil
    }

    /// What identifies a file at one moment: a file replaced or written to since differs.
    struct FileIdentity: Equatable {
        var device: UInt
        var inode: UInt
        var size: Int
        var modified: timespec

        init(_ status: stat) {
            device = UInt(status.st_dev)
            inode = UInt(status.st_ino)
            size = Int(status.st_size)
            modified = status.st_mtim
        }

        static func == (left: FileIdentity, right: FileIdentity) -> Bool {
            left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
        }
    }

    /// The archived file of `entry` when it was cut short (see ``wasCutShort(_:)``): a regular
    /// file, not a link, shorter than recorded and not changed since.
    func cutShortFile(_ entry: DownloadArchive.Entry) -> FileIdentity? {
        guard let bytes = entry.bytes, let recordedAt = entry.downloadedAt else { return nil }
        var status = stat()
        guard lstat(path(entry.file), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return Int64(status.st_size) < bytes && modified <= recordedAt + 1 ? FileIdentity(status) : nil
    }

    /// Closes and removes a temporary file.
    func discard(_ part: (path: String, descriptor: Int32)) {
        close(part.descriptor)
        forget(part)
    }

    /// Removes a temporary file, unless ``stop()`` already did. Not under the lock: every
    /// transfer's thread takes it, and a contended Swift `Mutex` on Linux waits in the kernel
    /// (a priority-inheriting futex), which an `unlink` held inside made a tenth of a run's CPU.
    func forget(_ part: (path: String, descriptor: Int32)) {
        guard !Self.isUnnamed(part) else { return }
        if state.withLock({ $0.parts.remove(part.path) }) != nil { unlink(part.path) }
    }
}
