import CLinux
import Foundation
import ProviderKit
import Synchronization

/// Other file work in the folder: text files (`CREDITS.md`), copies, reads, sub-folders and checksums.
extension TargetFolder {
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
        guard let checksum = sink.checksum() else { throw DownloadFailure(FileChecksum.failure) }
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

    /// Removes the folders this run made that hold nothing (a run that failed before naming a
    /// file in them, such as on a full disk), deepest first; a folder with anything in it stays.
    func removeEmptyFoldersMade() {
        let made = state.withLock { state in
            defer { state.madeFolders.removeAll() }
            return state.madeFolders
        }
        for folder in made.reversed() { rmdir(folder) }
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
            if mkdir(folder, 0o755) == 0 {
                state.withLock { $0.madeFolders.append(folder) }
            } else if errno != EEXIST {
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
        guard let checksum = hasher.finish() else { throw DownloadFailure(FileChecksum.failure) }
        return checksum
    }

    /// Reads `path` in chunks of `chunk` bytes, to `doing` it (read, copy, hash: the verb
    /// failures name); `body` returns a reason to stop.
    static func read(
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

    static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
