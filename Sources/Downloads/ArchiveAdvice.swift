import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to do when the folder's archive cannot be made, opened or written, fitted to why: a
/// full disk wants space, a folder Viewfinder may not write in wants its permissions changed or
/// another folder, and only a damaged or foreign archive wants moving away (or `--no-archive`).
enum ArchiveAdvice {
    /// The advice for a damaged or foreign archive, and for any failure not known to be another's.
    static let moveAway = "move it away, or pass --no-archive"

    /// The advice for `error`, met using the archive in `folder`; `nil` when nothing suggests a
    /// full disk or a permission problem (then ``moveAway`` fits).
    static func advice(for error: any Error, folder: String) -> String? {
        let code = (error as? DatabaseError)?.resultCode
        if code == .SQLITE_FULL || (code.map(mayComeFromTheDisk) ?? true) && hasNoRoom(folder) {
            return "the disk holding \(folder) is full: free some space on it, then run again"
        }
        if code == .SQLITE_READONLY || code == .SQLITE_PERM || code == .SQLITE_AUTH
            || (code.map(mayComeFromTheDisk) ?? true) && !canWrite(folder)
        {
            let reason = canWrite(folder) ? "it is read-only" : String(cString: strerror(errno))
            return "Viewfinder may not write in \(folder) (\(reason)): change its permissions, "
                + "or download into another folder"
        }
        return nil
    }

    /// Whether `code` may stand for a failure of the disk or folder rather than of the archive's content.
    private static func mayComeFromTheDisk(_ code: ResultCode) -> Bool {
        [.SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_PERM].contains(code)
    }

    /// Whether the file system holding `folder` has less than 64 KiB left for Viewfinder.
    private static func hasNoRoom(_ folder: String) -> Bool {
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < 64 << 10
    }

    /// Whether files may be made in `folder` (sets `errno` when not).
    private static func canWrite(_ folder: String) -> Bool {
        access(folder, W_OK) == 0
    }
}
