import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the user's own data files (pages, lists of searches): readable by the user alone
/// (0600, in folders of 0700) and replaced whole, never left half-written.
package enum PrivateFile {
    /// Writes `data` to `path` through a temporary file in the same folder (created 0600, synced,
    /// then renamed over `path`); the folder is made 0700 with any missing parents, and an
    /// existing one narrowed to 0700 — only for Viewfinder's own folders. Returns the problem in
    /// words, or `nil` once the file is in place. Blocking: call it off Swift's pool.
    package static func write(_ data: Data, to path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        if let problem = makeFolder(folder) { return problem }
        let temporary = folder + "/.tmp-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let written = data.withUnsafeBytes { writeAll(descriptor, $0) }
        let synced = written == nil && fsync(descriptor) == 0 ? nil : (written ?? errno)
        close(descriptor)
        if let code = synced {
            unlink(temporary)
            return String(cString: strerror(code))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return String(cString: strerror(code))
        }
        return nil
    }

    /// Makes `folder` (and its missing parents) with mode 0700, or narrows an existing one to it.
    package static func makeFolder(_ folder: String) -> String? {
        if case .failure(let failure) = MissingFolders.make(folder) { return failure.description }
        var info = stat()
        guard stat(folder, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "not a folder" }
        // Narrowed only when it is the user's own (an earlier version made it 0755).
        if info.st_mode & 0o077 != 0, info.st_uid == getuid(), chmod(folder, 0o700) != 0 {
            return String(cString: strerror(errno))
        }
        return nil
    }
}
