import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a download goes into, checked before the search that fills it runs: a file
/// there, a folder Viewfinder may not write in, or one that cannot be made would otherwise
/// fail the download only after the search had spent the sources' quota.
public enum DownloadTarget {
    /// Why files cannot be written into `directory` (an absolute path), or `nil` when they
    /// can as far as can be told without writing: it is a folder Viewfinder may write in, or
    /// the nearest folder above it that exists is one, where it can be made.
    public static func problem(with directory: URL) -> String? {
        let path = directory.path
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                return "\(path) is a file, not a folder; choose another folder to download into"
            }
            guard access(path, W_OK | X_OK) == 0 else {
                return "Viewfinder may not write in \(path) (\(String(cString: strerror(errno)))); "
                    + "change its permissions, or choose another folder"
            }
            return nil
        }
        guard errno == ENOENT || errno == ENOTDIR else {
            return "cannot use the folder \(path): \(String(cString: strerror(errno)))"
        }
        // Missing: the nearest existing path above it must be a folder it can be made in.
        var above = directory.deletingLastPathComponent()
        while above.path != "/", stat(above.path, &status) != 0 {
            above = above.deletingLastPathComponent()
        }
        if above.path == "/" { _ = stat("/", &status) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return "cannot create the folder \(path): \(above.path) is a file, not a folder; "
                + "choose another folder to download into"
        }
        guard access(above.path, W_OK | X_OK) == 0 else {
            return "cannot create the folder \(path): Viewfinder may not write in \(above.path) "
                + "(\(String(cString: strerror(errno)))); change its permissions, or choose another folder"
        }
        return nil
    }
}
