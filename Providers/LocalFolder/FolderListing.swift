import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files under a folder, with the size and modification time the index compares.
///
/// Folders are opened by descriptor, relative to the listed folder ([DeepPath]), so depth does
/// not matter, and names are kept as their bytes, so a name that is not UTF-8 is listed too.
/// Symbolic links are never followed (so links cannot loop), hidden files and folders are
/// skipped, and everything passed over is counted for `--verbose`.
struct FolderListing {
    /// A regular file, by its path below the listed folder.
    struct File: Sendable {
        /// The path below the listed folder, as the bytes of its names joined by "/".
        var relative: [UInt8]
        var size: Int64 = -1
        var modifiedNanoseconds: Int64 = 0
        /// Its XMP sidecar, when it has one (see ``attachSidecars()``).
        var sidecar: Sidecar?
    }

    var files: [File] = []
    var unreadableFiles = 0
    var unreadableFolders = 0
    /// Names that are not UTF-8: listed, and shown with U+FFFD in their place.
    var undecodableNames = 0
    var symbolicLinks = 0

    /// Lists `root`, an absolute path; `nil` when `root` itself cannot be opened.
    ///
    /// Folders are read a level at a time, the folders of one level on every core (and the
    /// files of a folder on every core when a level has fewer folders than there are cores);
    /// the order is the same from one run to the next while the folder does not change.
    /// Throws `CancellationError` once `cancelled` is set.
    static func list(_ root: String, recursive: Bool, cancelled: OnceFlag) throws -> FolderListing? {
        let rootBytes = Array(root.utf8)
        var listing = FolderListing()
        var level: [[UInt8]] = [[]]
        while !level.isEmpty {
            if cancelled.isSet { throw CancellationError() }
            let folders = level
            let spread = folders.count < Cores.count
            let read = concurrentMap(folders.count) { index -> Folder? in
                cancelled.isSet ? nil : Folder(root: rootBytes, relative: folders[index], statOnEveryCore: spread)
            }
            if cancelled.isSet { throw CancellationError() }
            var next: [[UInt8]] = []
            // Room for the level's files in one step (at least doubling, so a deep tree of small
            // levels does not copy the listing at every level).
            let needed = listing.files.count + read.reduce(0) { $0 + ($1?.files.count ?? 0) }
            if needed > listing.files.capacity {
                listing.files.reserveCapacity(max(needed, 2 * listing.files.capacity))
            }
            for index in level.indices {
                guard let folder = read[index], folder.opened else {
                    if level[index].isEmpty { return nil }  // the root itself
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
        var subfolders: [[UInt8]] = []
        var unreadableFiles = 0
        var undecodableNames = 0
        var symbolicLinks = 0

        /// What `fstatat` found for one name.
        private enum Kind: Sendable {
            case file(size: Int64, modifiedNanoseconds: Int64)
            case folder, link, vanished, other
        }

        init(root: [UInt8], relative: [UInt8], statOnEveryCore: Bool) {
            let descriptor = DeepPath.open(root: root, relative: relative, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            guard let directory = fdopendir(descriptor) else {
                close(descriptor)
                return
            }
            defer { closedir(directory) }
            opened = true
            let folder = dirfd(directory)
            var names: [[UInt8]] = []  // when stat runs on every core: regular files, and untyped entries
            while let entry = readdir(directory) {
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    // The name, NUL-terminated in the entry: looked at, and given to fstatat, in place.
                    guard let length = raw.firstIndex(of: 0), length > 0, raw[0] != UInt8(ascii: "."),
                        let cName = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
                    else { return }  // ".", "..", hidden files
                    let name = UnsafeRawBufferPointer(rebasing: raw[..<length])
                    if !name.allSatisfy({ $0 < 0x80 }), String(validating: name, as: UTF8.self) == nil {
                        undecodableNames += 1  // most names are ASCII: checked without making a string
                    }
                    switch Int32(entry.pointee.d_type) {
                    case Int32(DT_DIR): subfolders.append(Self.child(relative, name))
                    case Int32(DT_LNK): symbolicLinks += 1
                    case Int32(DT_REG), Int32(DT_UNKNOWN):
                        if statOnEveryCore {
                            names.append(Array(name))
                        } else {
                            add(name, Self.kind(of: cName, in: folder), relative: relative)
                        }
                    default: break  // FIFOs, sockets, devices
                    }
                }
            }
            let kinds = Self.kinds(of: names, in: folder)
            for (name, kind) in zip(names, kinds) {
                name.withUnsafeBytes { add($0, kind, relative: relative) }
            }
        }

        private mutating func add(_ name: UnsafeRawBufferPointer, _ kind: Kind, relative: [UInt8]) {
            switch kind {
            case .file(let size, let modified):
                files.append(File(relative: Self.child(relative, name), size: size, modifiedNanoseconds: modified))
            case .folder: subfolders.append(Self.child(relative, name))
            case .link: symbolicLinks += 1
            case .vanished: unreadableFiles += 1  // gone since it was listed
            case .other: break
            }
        }

        /// `relative` and `name` joined by "/", made in one allocation.
        private static func child(_ relative: [UInt8], _ name: UnsafeRawBufferPointer) -> [UInt8] {
            var path: [UInt8] = []
            path.reserveCapacity(relative.count + 1 + name.count)
            if !relative.isEmpty {
                path += relative
                path.append(UInt8(ascii: "/"))
            }
            path += name
            return path
        }

        /// Looks `names` up in the folder `descriptor`, in chunks on every core when there are many.
        private static func kinds(of names: [[UInt8]], in descriptor: Int32) -> [Kind] {
            let chunkSize = 256
            guard names.count > chunkSize else { return names.map { kind(of: $0, in: descriptor) } }
            let chunks = concurrentMap((names.count + chunkSize - 1) / chunkSize) { chunk -> [Kind]? in
                names[chunk * chunkSize..<min(names.count, (chunk + 1) * chunkSize)].map {
                    kind(of: $0, in: descriptor)
                }
            }
            return chunks.flatMap { $0 ?? [] }
        }

        private static func kind(of name: [UInt8], in descriptor: Int32) -> Kind {
            (name + [0]).withUnsafeBytes { bytes in
                bytes.baseAddress.map { kind(of: $0.assumingMemoryBound(to: CChar.self), in: descriptor) } ?? .vanished
            }
        }

        /// What `fstatat` finds for the NUL-terminated `name` in the folder `descriptor`.
        private static func kind(of name: UnsafePointer<CChar>, in descriptor: Int32) -> Kind {
            var info = stat()
            let found = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW)
            guard found == 0 else { return .vanished }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            case S_IFREG:
                // Only compared for equality, so a time too far out for 64 bits of nanoseconds wraps.
                let nanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
                return .file(size: Int64(info.st_size), modifiedNanoseconds: nanoseconds)
            default: return .other
            }
        }
    }
}
