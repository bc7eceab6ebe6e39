import Foundation
import ProviderKit

/// Why a configured folder cannot be searched, said the same way by `config check` and by a
/// search: the errno's own reason (a loop of links, a file on the way, a name too long,
/// permission), not "does not exist" for all of them.
enum FolderCheck {
    /// The problem with `root`, or `nil` when it is a folder this process can list and enter.
    static func problem(_ root: URL) -> ProviderError? {
        var status = stat()
        guard stat(root.path, &status) == 0 else {
            let reason = errno
            if reason == ENOENT {
                return .notFound("folder \(root.path) does not exist; check `path` in the configuration")
            }
            return .rejected(
                "folder \(root.path) cannot be reached (\(String(cString: strerror(reason)))); "
                    + "check `path` in the configuration")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let kind = FileKind.name(of: status.st_mode) ?? "a file"
            return .badData("\(root.path) is \(kind), not a folder; set `path` to a folder of photos")
        }
        // Listing needs read permission, and reading what is listed needs search (x) permission:
        // without it every photo would be "unreadable" and the search would say 0 photos, ok.
        guard access(root.path, R_OK | X_OK) == 0 else {
            return .rejected("folder \(root.path) cannot be read (\(String(cString: strerror(errno))))")
        }
        return nil
    }
}
