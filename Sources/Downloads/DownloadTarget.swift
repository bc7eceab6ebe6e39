import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a download goes into, made ready before the search that fills it runs: a file
/// there, a folder Viewfinder may not write in, or one that cannot be made would otherwise
/// fail the download only after the search had spent the sources' quota.
package enum DownloadTarget {
    /// Why files cannot be written into `directory` (an absolute path), or `nil` when they can:
    /// the folder is made now when it is missing (with any missing parents), and a file is
    /// made and removed in it, so what only trying tells (a read-only or virtual file system
    /// such as /proc or /sys, root's permissions there) is known before the search.
    package static func problem(with directory: URL) -> String? {
        let path = directory.path
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            return "\(path) is a file, not a folder; choose another folder to download into"
        }
        if let blocking = fileAbove(directory) {
            return "cannot create the folder \(path): \(blocking) is a file, not a folder; "
                + "choose another folder to download into"
        }
        if mkdirAll(path) != 0 {
            return "cannot create the folder \(path): \(String(cString: strerror(errno))); choose another folder"
        }
        let probe = path + "/.viewfinder-probe-\(UUID().uuidString)"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            let advice = errno == ENOSPC ? "free some space on it" : "change its permissions, or choose another folder"
            return "Viewfinder may not write in \(path) (\(reason)); \(advice)"
        }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// The nearest path above `directory` that exists when it is not a folder.
    private static func fileAbove(_ directory: URL) -> String? {
        var status = stat()
        var above = directory.deletingLastPathComponent()
        while above.path != "/", stat(above.path, &status) != 0 {
            above = above.deletingLastPathComponent()
        }
        guard above.path != "/", status.st_mode & S_IFMT != S_IFDIR else { return nil }
        return above.path
    }

    /// `mkdir -p`: 0 when `path` is a folder now, else -1 with `errno` set.
    private static func mkdirAll(_ path: String) -> Int32 {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return 0 }
        guard errno == ENOENT else { return -1 }
        let parent = (path as NSString).deletingLastPathComponent
        guard parent != path, !parent.isEmpty, mkdirAll(parent) == 0 else { return -1 }
        return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : -1
    }
}
