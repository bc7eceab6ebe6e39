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
/// another file gets a number. Every call blocks: run them on ``FileThreads``.
final class TargetFolder: Sendable {
    /// The suffix of temporary files; a run removes those an earlier, killed run left.
    static let partSuffix = ".viewfinder-part"

    private struct State {
        var reserved: Set<String> = []
        var parts: Set<String> = []
        var stopped = false
    }

    let root: URL
    /// Whether each file is synced before it gets its name.
    let sync: Bool
    /// Whether temporary files are unnamed where the file system has such files.
    private let usesUnnamedFiles: Bool
    /// `root`'s path. Paths below it are joined as text: Foundation's `appendingPathComponent`
    /// asks the file system whether each one is a folder, a `stat` for every name.
    private let rootPath: String
    private let state = Mutex(State())
    /// Numbers this process's temporary files (with its process id, so two runs writing into one
    /// folder never pick the same name; `O_EXCL` catches the rest).
    private static let partNumbers = Atomic<UInt64>(0)

    init(root: URL, sync: Bool, unnamedFiles: Bool = true) {
        self.root = root
        self.sync = sync
        usesUnnamedFiles = unnamedFiles && Self.canNameUnnamedFiles
        rootPath = root.path.hasSuffix("/") && root.path.count > 1 ? String(root.path.dropLast()) : root.path
    }

    /// The path of `relative` in the folder.
    private func path(_ relative: String) -> String {
        rootPath == "/" ? "/" + relative : rootPath + "/" + relative
    }

    /// The folder `path` is in ("/" for a name right below the root).
    private static func folder(of path: String) -> String {
        let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// A new temporary file's name.
    private static func partName() -> String {
        ".\(getpid())-\(partNumbers.add(1, ordering: .relaxed).oldValue)\(partSuffix)"
    }

    /// Where an unnamed file can be reached while it is open.
    private static let unnamedPrefix = "/proc/self/fd/"

    /// Whether `/proc/self/fd` is there, through which unnamed files get their names.
    private static let canNameUnnamedFiles = access("/proc/self/fd", X_OK) == 0

    /// Whether `part` is an unnamed file (its path is `/proc/self/fd/N`).
    private static func isUnnamed(_ part: (path: String, descriptor: Int32)) -> Bool {
        part.path.hasPrefix(unnamedPrefix)
    }

    /// Creates a new temporary file in `folder`, open for writing: an unnamed one where the file
    /// system has them (its path then reaches it through `/proc/self/fd` while it is open).
    private func createTemporary(in folder: String) throws(DownloadFailure) -> (path: String, descriptor: Int32) {
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
    private struct FileIdentity: Equatable {
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
    private func cutShortFile(_ entry: DownloadArchive.Entry) -> FileIdentity? {
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
    private func forget(_ part: (path: String, descriptor: Int32)) {
        guard !Self.isUnnamed(part) else { return }
        if state.withLock({ $0.parts.remove(part.path) }) != nil { unlink(part.path) }
    }

    /// Where a placed file ended: its path relative to the folder, and whether an identical file
    /// was already there (then nothing new was written).
    struct Placed: Sendable {
        var file: String
        var name: FileNameTemplate.Name
        var wasThere: Bool
    }

    /// Syncs the temporary file (when asked) and gives it its final name (`name` with
    /// `fileExtension`, or a numbered variant when another file holds it); an identical file
    /// already there is kept. `completing` is the photo's own archive entry when its file was cut
    /// short (``wasCutShort(_:)``): that file, and no other, may be replaced.
    func place(
        _ part: (path: String, descriptor: Int32), as name: FileNameTemplate.Name, fileExtension: String,
        completing: DownloadArchive.Entry? = nil
    ) throws(DownloadFailure) -> Placed {
        let synced = !sync || fsync(part.descriptor) == 0
        let syncError = errno
        // Closed only once linked: an unnamed file vanishes when closed.
        defer { discard(part) }
        guard synced else {
            throw DownloadFailure("cannot save \(name.file(fileExtension)): \(String(cString: strerror(syncError)))")
        }
        return try link(
            FileSystemPath(bytes: Array(part.path.utf8)), as: name, fileExtension: fileExtension,
            completing: completing, unnamed: Self.isUnnamed(part) ? part.descriptor : nil)
    }

    /// Gives `source` (a local photo, or a finished temporary file) a name in the folder by a
    /// hard link, never moving it. A file already under a name is kept when it has the same
    /// bytes (nothing new is written), and replaced only when it is the file `completing` names
    /// (this photo's own archived file), still cut short and unchanged, and a beginning of the
    /// new bytes: a write a power cut cut short. Any other file keeps its name. `unnamed` is the
    /// descriptor of `source` when it is an open unnamed file.
    func link(
        _ source: FileSystemPath, as name: FileNameTemplate.Name, fileExtension: String,
        completing: DownloadArchive.Entry? = nil, unnamed: Int32? = nil
    ) throws(DownloadFailure) -> Placed {
        var candidate = name
        var number = 2
        while true {
            let file = candidate.file(fileExtension)
            let target = path(file)
            // The checks take the lock; the file system calls do not (other threads go on meanwhile):
            // `link` never replaces a file, so two threads trying one name cannot both get it.
            let outcome: Int32? =
                switch state.withLock({ state in
                    state.stopped ? nil : candidate != name && state.reserved.contains(candidate.key)
                }) {
                case nil: nil
                case true?: EEXIST  // planned for another photo
                case false?:
                    if access(path(XMPSidecar.fileName(forImage: file)), F_OK) == 0 {
                        EEXIST  // another photo's sidecar
                    } else {
                        Self.makeLink(source, unnamed: unnamed, at: target)
                    }
                }
            switch outcome {
            case nil:
                throw DownloadFailure("stopped")
            case 0:
                state.withLock { _ = $0.reserved.insert(candidate.key) }
                return Placed(file: file, name: candidate, wasThere: false)
            case EEXIST:
                if access(target, F_OK) == 0 {
                    let existing = FileSystemPath(bytes: Array(target.utf8))
                    let ownCutShort = completing.flatMap { $0.file == file ? cutShortFile($0) : nil }
                    switch FileBytes.relation(of: existing, to: source) {
                    case .same:
                        return Placed(file: file, name: candidate, wasThere: true)
                    case .beginning:
                        guard let ownCutShort,
                            try replace(target, ifStill: ownCutShort, with: source, unnamed: unnamed, file: file)
                        else { break }
                        state.withLock { _ = $0.reserved.insert(candidate.key) }
                        return Placed(file: file, name: candidate, wasThere: false)
                    case .different:
                        break
                    }
                }
                candidate = name.numbered(number)
                number += 1
                if number > 10_000 { throw DownloadFailure("cannot find a free name for \(name.file(fileExtension))") }
            case let code?:
                throw DownloadFailure("cannot save \(file): \(String(cString: strerror(code)))")
            }
        }
    }

    /// Puts `source` under `target` in one step (a link under a temporary name, renamed over it),
    /// when the file there is still the one `expected` describes (not replaced, written to or
    /// touched since it was found cut short); `false`, and nothing done, when it is not.
    private func replace(
        _ target: String, ifStill expected: FileIdentity, with source: FileSystemPath, unnamed: Int32?, file: String
    ) throws(DownloadFailure) -> Bool {
        guard !state.withLock({ $0.stopped }) else { throw DownloadFailure("stopped") }
        let temporary = Self.folder(of: target) + "/" + Self.partName()
        let linked = Self.makeLink(source, unnamed: unnamed, at: temporary)
        guard linked == 0 else {
            throw DownloadFailure("cannot save \(file): \(String(cString: strerror(linked)))")
        }
        var status = stat()
        guard lstat(target, &status) == 0, FileIdentity(status) == expected else {
            unlink(temporary)
            return false
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw DownloadFailure("cannot save \(file): \(reason)")
        }
        return true
    }

    /// Gives `source` the name `target` by a hard link (through `/proc/self/fd` when `unnamed`
    /// is its open descriptor); 0, or the error number.
    private static func makeLink(_ source: FileSystemPath, unnamed: Int32?, at target: String) -> Int32 {
        let linked =
            if let unnamed { vf_link_descriptor(unnamed, target) } else {
                source.withCString { Glibc.link($0, target) }
            }
        return linked == 0 ? 0 : errno
    }

    /// Writes `text` to `relative` atomically (a temporary file given the name, or renamed over
    /// the file there); synced first when `durable`. Sidecars are not (an fsync each would double
    /// the syncs of a run): after a power cut one may be empty, never the image beside it.
    func write(_ text: String, to relative: String, durable: Bool = true) throws(DownloadFailure) {
        let target = path(relative)
        let folder = Self.folder(of: target)
        let part = try createTemporary(in: folder)
        defer { close(part.descriptor) }
        func failure(_ code: Int32) -> DownloadFailure {
            DownloadFailure("cannot write \(target): \(String(cString: strerror(code)))")
        }
        if let code = Array(text.utf8).withUnsafeBytes({ writeAll(part.descriptor, $0) }) {
            if !Self.isUnnamed(part) { unlink(part.path) }
            throw failure(code)
        }
        guard !durable || fsync(part.descriptor) == 0 else {
            let code = errno
            if !Self.isUnnamed(part) { unlink(part.path) }
            throw failure(code)
        }
        var temporary = part.path
        if Self.isUnnamed(part) {
            // A new file takes its name at once; one that replaces a file gets a temporary name first.
            let linked = vf_link_descriptor(part.descriptor, target) == 0 ? 0 : errno
            if linked == 0 { return }
            guard linked == EEXIST else { throw failure(linked) }
            temporary = folder + "/" + Self.partName()
            guard vf_link_descriptor(part.descriptor, temporary) == 0 else { throw failure(errno) }
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code)
        }
    }

    /// Copies a local file into a temporary file; returns its length, checksum and first bytes.
    func copy(_ source: FileSystemPath, into part: (path: String, descriptor: Int32)) throws(DownloadFailure) -> (
        bytes: Int64, checksum: String, leading: [UInt8]
    ) {
        let sink = DescriptorBodySink(descriptor: part.descriptor)
        try Self.read(source, doing: "copy") { chunk in sink.write(chunk) }
        guard let checksum = sink.checksum() else { throw DownloadFailure("cannot compute a checksum (libxxhash)") }
        return (sink.byteCount, checksum, sink.leadingBytes)
    }

    /// Stops all further placing and removes every named temporary file (Ctrl-C); an unnamed
    /// one is gone when its transfer closes it, or with the process.
    func stop() {
        state.withLock { state in
            state.stopped = true
            for path in state.parts { unlink(path) }
            state.parts.removeAll()
        }
    }

    /// The text of the file at `relative`, or `nil` when there is none. Throws when one is there
    /// but cannot be read (not a regular file, unreadable, over 16 MiB): taking it for absent
    /// would replace a file whose lines (credits from earlier runs) are known nowhere else.
    func read(_ relative: String) throws(DownloadFailure) -> String? {
        let path = FileSystemPath(bytes: Array(path(relative).utf8))
        var status = stat()
        if path.withCString({ lstat($0, &status) }) != 0, errno == ENOENT { return nil }
        var text: [UInt8] = []
        try Self.read(path, chunk: 64 << 10, doing: "read") { chunk in
            text += chunk
            return text.count > 16 << 20 ? "it is larger than 16 MiB" : nil
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether a file exists at `relative`.
    func contains(_ relative: String) -> Bool {
        access(path(relative), F_OK) == 0
    }

    /// Whether `relative` names anything in the folder, a dangling symbolic link too.
    func hasEntry(_ relative: String) -> Bool {
        var status = stat()
        return lstat(path(relative), &status) == 0 || errno != ENOENT
    }

    /// Creates `name`'s folder when missing and returns it. Each folder below the target must be
    /// a real folder: a symbolic link there (planted, or left by another tool) would send the
    /// files somewhere outside the target, so it is refused.
    func makeFolder(for name: FileNameTemplate.Name) throws(DownloadFailure) -> String {
        var folder = rootPath
        for component in name.folders {
            folder += "/" + component
            var status = stat()
            if lstat(folder, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"
                    throw DownloadFailure(
                        "\(folder) is \(what); Viewfinder writes only into real folders below the target: "
                            + "move it away")
                }
                continue
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw DownloadFailure("cannot create the folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
        return folder
    }

    /// The checksum (``FileChecksum``) of the file at `path`.
    static func checksum(ofFile path: FileSystemPath) throws(DownloadFailure) -> String {
        let hasher = FileChecksum()
        try read(path, chunk: 256 << 10, doing: "hash") { chunk in
            hasher.update(chunk)
            return nil
        }
        guard let checksum = hasher.finish() else { throw DownloadFailure("cannot compute a checksum (libxxhash)") }
        return checksum
    }

    /// Reads `path` in chunks of `chunk` bytes, to `doing` it (read, copy, hash: the verb
    /// failures name); `body` returns a reason to stop.
    private static func read(
        _ source: FileSystemPath, chunk: Int = 1 << 20, doing: String,
        _ body: (UnsafeRawBufferPointer) -> String?
    ) throws(DownloadFailure) {
        let path = source.shown
        // Non-blocking, so a FIFO named as a photo (a plugin may name any file) cannot hang the run.
        let descriptor = source.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw DownloadFailure("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw DownloadFailure("cannot \(doing) \(path): it is not a regular file")  // /dev/zero would never end
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw DownloadFailure("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return }
            if let problem = body(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                throw DownloadFailure("cannot \(doing) \(path): \(problem)")
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
