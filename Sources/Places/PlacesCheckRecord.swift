import CLinux
import Foundation
import Glibc
import ProviderKit

/// A note, in Viewfinder's cache folder, that the gazetteer file passed its checksum while its
/// device, inode, size and modification and change times were these: a later run that finds the
/// file the same by all of them skips the checksum, which reads all 6.7 MB (1.4 ms of CPU, a
/// tenth of a local search's start). Writing to a file moves its change time, which no program
/// can set back, so a file changed since, or replaced, is checked again in full.
///
/// The note only spares work: whatever it says, every read of the file stays bounds-checked.
/// One note, for the last file checked; a note that cannot be read or written costs a full check.
/// The note is made unnamed and then given its name (`O_TMPFILE`), so a process ended while
/// writing it, as a search ends before its warm-up thread, leaves neither a partial note nor a
/// temporary file behind.
package struct PlacesCheckRecord: Sendable {
    /// The note's path.
    package let path: String
    /// The folder it is in.
    let folder: String

    /// The longest note read: a note is one line, a path and a few numbers.
    static let maximumLength = 8192

    /// A note at `places.checked` in `folder` (Viewfinder's cache folder).
    package init(folder: URL) {
        self.folder = folder.path
        path = folder.appendingPathComponent("places.checked").path
    }

    /// The line that says the file at `filePath`, with `status`, had the checksum `checksum`.
    static func line(filePath: String, status: stat, checksum: String) -> String {
        let modified = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        let changed = "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
        return "\(filePath)\t\(status.st_dev) \(status.st_ino) \(status.st_size) \(modified) \(changed)\t\(checksum)\n"
    }

    /// Whether the note says exactly `line`.
    func holds(_ line: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Self.maximumLength)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 && count < Self.maximumLength && bytes.prefix(count).elementsEqual(line.utf8)
    }

    /// Writes `line` as the note, whole or not at all; a note that cannot be written (a folder
    /// that cannot be made, a file system without unnamed files) is left out. Not synced: a note
    /// lost or emptied by a crash only costs the next open its full check.
    func record(_ line: String) {
        guard line.utf8.count < Self.maximumLength, PrivateFile.makeFolder(folder) == nil else { return }
        let descriptor = vf_open_unnamed(folder, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard Array(line.utf8).withUnsafeBytes({ writeAll(descriptor, $0) }) == nil else { return }
        unlink(path)  // the earlier note, replaced, never rewritten in place; another process's link may win
        _ = vf_link_descriptor(descriptor, path)
    }
}
