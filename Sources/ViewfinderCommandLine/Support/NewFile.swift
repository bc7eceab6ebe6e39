import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file the user asked for (`config init`): readable by the user alone (0600, as it may
/// come to hold keys), whole or not at all, and never over an existing file unless `replacing`.
enum NewFile {
    /// Why a file was not written.
    enum Problem: Error, Equatable {
        /// The file is there and `replacing` was not asked for.
        case exists
        /// The system's reason, in words.
        case failed(String)
    }

    /// Writes `data` to `path` through a temporary file in the same folder (created 0600 and
    /// synced), then links it in place (failing when a file is there) or, `replacing`, renames it
    /// over the old one. A missing folder is made 0700; an existing one is left as it is.
    /// Blocking: call it off Swift's pool.
    static func write(_ data: Data, to path: String, replacing: Bool) -> Problem? {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return .failed("it is a folder; name the file to write, such as \(path)/config.yaml")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var made: [String] = []
        if !folder.isEmpty {
            switch MissingFolders.make(folder) {
            case .success(let folders): made = folders
            case .failure(let failure): return .failed(failure.description)
            }
        }
        let problem = place(data, at: path, in: folder, replacing: replacing)
        if problem != nil { MissingFolders.remove(made) }  // whole or not at all: no empty folders left
        return problem
    }

    /// Writes and links the file into `folder`, which exists.
    private static func place(_ data: Data, at path: String, in folder: String, replacing: Bool) -> Problem? {
        if !replacing, access(path, F_OK) == 0 { return .exists }
        let temporary = (folder.isEmpty ? "." : folder) + "/.viewfinder-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        defer { unlink(temporary) }  // after a link or a failure; gone already after a rename
        let written = data.withUnsafeBytes { writeAll(descriptor, $0) }
        let synced = written == nil && fsync(descriptor) == 0 ? nil : (written ?? errno)
        close(descriptor)
        if let code = synced { return .failed(String(cString: strerror(code))) }
        // `link` fails when the name is taken, even by a file made a moment ago.
        let placed = replacing ? rename(temporary, path) : link(temporary, path)
        guard placed == 0 else { return errno == EEXIST ? .exists : .failed(String(cString: strerror(errno))) }
        return nil
    }
}
