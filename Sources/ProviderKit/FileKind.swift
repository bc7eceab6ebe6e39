import Foundation

/// What a path names when it is not a regular file, for messages about a path that should be one.
///
/// Asked before opening: opening a FIFO waits for a writer, and a device (`/dev/zero`,
/// `/dev/urandom`) never ends, so reading either would hang or say something untrue.
package enum FileKind {
    /// "a folder", "a FIFO (named pipe)", "a device", "a socket", or `nil` for a regular file
    /// or a path that does not exist (opening it then says so). Symbolic links are followed.
    package static func nonRegular(_ path: String) -> String? {
        nonRegular(FileSystemPath(bytes: Array(path.utf8)))
    }

    /// ``nonRegular(_:)-(String)`` for a path given as its bytes, which need not be UTF-8.
    package static func nonRegular(_ path: FileSystemPath) -> String? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return name(of: info.st_mode)
    }

    /// The words for a file of `mode` (from `stat`), `nil` for a regular file.
    package static func name(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
