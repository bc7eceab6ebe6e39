import CLinux
import Foundation
import ProviderKit
import Synchronization

/// Putting a finished file in place: named atomically (or linked), never over another.
extension TargetFolder {
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
    func replace(
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
    static func makeLink(_ source: FileSystemPath, unnamed: Int32?, at target: String) -> Int32 {
        let linked =
            if let unnamed { vf_link_descriptor(unnamed, target) } else {
                source.withCString { Glibc.link($0, target) }
            }
        return linked == 0 ? 0 : errno
    }
}
