import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files under a folder, with the size and modification time the index compares.
///
/// Symbolic links are never followed (so links cannot loop), hidden files and folders are
/// skipped, and everything passed over is counted for `--verbose`. Folders are read first;
/// then every file's size and time are looked up on every core.
struct FolderListing {
    /// A regular file, by its path below the listed folder.
    struct File {
        var relative: String
        var size: Int64 = -1
        var modifiedNanoseconds: Int64 = 0
        /// Its XMP sidecar, when it has one (see ``attachSidecars()``).
        var sidecar: Sidecar?
    }

    var files: [File] = []
    var unreadableFiles = 0
    var unreadableFolders = 0
    var undecodableNames = 0
    var symbolicLinks = 0

    /// Lists `root`, an absolute path; `nil` when `root` itself cannot be opened.
    ///
    /// Folders are read a level at a time, the folders of one level on every core; the order
    /// is the same from one run to the next while the folder does not change.
    /// Throws `CancellationError` once `cancelled` is set.
    static func list(_ root: String, recursive: Bool, cancelled: OnceFlag) throws -> FolderListing? {
        var listing = FolderListing()
        var level = [(path: root, relative: "")]
        while !level.isEmpty {
            if cancelled.isSet { throw CancellationError() }
            let folders = level
            let read = concurrentMap(folders.count) { index -> Folder? in
                cancelled.isSet ? nil : Folder(path: folders[index].path, relative: folders[index].relative)
            }
            if cancelled.isSet { throw CancellationError() }
            var next: [(path: String, relative: String)] = []
            for index in level.indices {
                guard let folder = read[index], folder.opened else {
                    if level[index].relative.isEmpty { return nil }  // the root itself
                    listing.unreadableFolders += 1
                    continue
                }
                listing.files += folder.files
                listing.unreadableFiles += folder.unreadableFiles
                listing.undecodableNames += folder.undecodableNames
                listing.symbolicLinks += folder.symbolicLinks
                if recursive { next += folder.subfolders }
            }
            level = next
        }
        return listing
    }

    /// What one folder holds, read with `readdir` and `fstatat` relative to the folder.
    private struct Folder: Sendable {
        var opened = false
        var files: [File] = []
        var subfolders: [(path: String, relative: String)] = []
        var unreadableFiles = 0
        var undecodableNames = 0
        var symbolicLinks = 0

        init(path: String, relative: String) {
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            opened = true
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                guard let name else {
                    undecodableNames += 1
                    continue
                }
                if name.hasPrefix(".") { continue }  // ".", "..", hidden files
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                var type = Int32(entry.pointee.d_type)
                var info = stat()
                if type == Int32(DT_REG) || type == Int32(DT_UNKNOWN) {
                    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                        unreadableFiles += 1  // vanished since it was listed
                        continue
                    }
                    type = Self.type(of: info)
                }
                switch type {
                case Int32(DT_DIR):
                    subfolders.append((path + "/" + name, childRelative))
                case Int32(DT_LNK):
                    symbolicLinks += 1
                case Int32(DT_REG):
                    // Only compared for equality, so a time too far out for 64 bits of nanoseconds wraps.
                    let nanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
                    files.append(
                        File(relative: childRelative, size: Int64(info.st_size), modifiedNanoseconds: nanoseconds))
                default:
                    break  // FIFOs, sockets, devices
                }
            }
        }

        /// The `d_type` matching what `fstatat` found.
        private static func type(of info: stat) -> Int32 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: Int32(DT_DIR)
            case S_IFLNK: Int32(DT_LNK)
            case S_IFREG: Int32(DT_REG)
            default: -1
            }
        }
    }
}
