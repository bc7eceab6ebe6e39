import Foundation
import ProviderKit
import Synchronization

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
        /// When its inode last changed (ctime): a rename or a swap changes it, the modification
        /// time not (what tells a sidecar moved into another's place).
        var changedNanoseconds: Int64 = 0
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
    /// Every folder is a job for the walk's threads (one a core), and a folder with many files
    /// has their `fstatat`s split into jobs too, so every core works however the files are spread;
    /// `alongside`, when given, is one more job for the same threads (a search loads its index
    /// so). The order is the same from one run to the next while the folder does not change: a
    /// level of the tree at a time, each folder's files in the order the folder gives them.
    /// Throws `CancellationError` once `cancelled` is set.
    static func list(
        _ root: String, recursive: Bool, cancelled: OnceFlag, alongside: (@Sendable () -> Void)? = nil
    ) throws -> FolderListing? {
        let walk = Walk(root: Array(root.utf8), recursive: recursive, cancelled: cancelled)
        walk.queue.add { walk.list(relative: [], place: Place(parent: nil, index: 0)) }
        if let alongside { walk.queue.add(alongside) }
        walk.queue.run(threads: Cores.count)
        if cancelled.isSet { throw CancellationError() }
        let folders = walk.listed.withLock { listed in
            listed.sort { $0.place.precedes($1.place) }
            return listed
        }
        guard let first = folders.first, first.place.parent == nil, first.opened else { return nil }  // the root itself
        var listing = FolderListing()
        listing.files.reserveCapacity(folders.reduce(0) { $0 + $1.files.count })
        for folder in folders {
            guard folder.opened else {
                listing.unreadableFolders += 1
                continue
            }
            listing.files += folder.files
            listing.unreadableFiles += folder.unreadableFiles
            listing.undecodableNames += folder.undecodableNames
            listing.symbolicLinks += folder.symbolicLinks
        }
        return listing
    }

    /// One listing's shared state: its queue, and the folders listed so far.
    private final class Walk: Sendable {
        let root: [UInt8]
        let recursive: Bool
        let cancelled: OnceFlag
        let queue = JobQueue()
        let listed = Mutex<[Folder]>([])
        /// A folder with more names than this has their `fstatat`s split into jobs of this many
        /// while a thread has nothing to do, so one large folder is looked up on every core;
        /// with every thread busy, splitting would only add hand-overs.
        static let chunkSize = 256

        init(root: [UInt8], recursive: Bool, cancelled: OnceFlag) {
            self.root = root
            self.recursive = recursive
            self.cancelled = cancelled
        }

        /// Reads the folder at `relative`, at `place` in the tree (the positions of it and its
        /// parents among their siblings), and looks its names up, in jobs when there are many.
        func list(relative: [UInt8], place: Place) {
            if cancelled.isSet { return }
            guard let entries = Entries(root: root, relative: relative) else {
                listed.withLock { $0.append(Folder(place: place)) }
                return
            }
            let count = entries.count
            guard count > Self.chunkSize, queue.hasIdleThread else {
                finish(entries, kinds: entries.kinds(0..<count), relative: relative, place: place)
                return
            }
            let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
            let lookups = Lookups(count: count, chunks: chunks)
            // Before other folders: a folder stays open until its names are looked up, and
            // thousands of folders queued ahead would otherwise hold thousands of descriptors.
            for chunk in 0..<chunks {
                queue.add(soon: true) { [self] in
                    if cancelled.isSet { return }
                    let range = chunk * Self.chunkSize..<min(count, (chunk + 1) * Self.chunkSize)
                    if let kinds = lookups.record(entries.kinds(range), at: range) {
                        finish(entries, kinds: kinds, relative: relative, place: place)
                    }
                }
            }
        }

        /// The kinds of a folder's names, looked up in chunks on any thread.
        private final class Lookups: Sendable {
            private let state: Mutex<(kinds: [Kind], chunksLeft: Int)>

            init(count: Int, chunks: Int) {
                state = Mutex((kinds: [Kind](repeating: .vanished, count: count), chunksLeft: chunks))
            }

            /// Records one chunk's kinds; all of them once this was the last chunk, else `nil`.
            func record(_ kinds: [Kind], at range: Range<Int>) -> [Kind]? {
                state.withLock { state in
                    state.kinds.replaceSubrange(range, with: kinds)
                    state.chunksLeft -= 1
                    return state.chunksLeft == 0 ? state.kinds : nil
                }
            }
        }

        /// Records the folder's files and queues its subfolders.
        private func finish(_ entries: Entries, kinds: [Kind], relative: [UInt8], place: Place) {
            var folder = Folder(place: place)
            folder.opened = true
            folder.undecodableNames = entries.undecodableNames
            folder.symbolicLinks = entries.symbolicLinks
            folder.files.reserveCapacity(kinds.count)  // most names are files: one allocation, not a doubling ten times
            var subfolders = entries.subfolders
            entries.names.withUnsafeBytes { names in
                for (index, kind) in kinds.enumerated() {
                    let name = UnsafeRawBufferPointer(rebasing: names[entries.name(index)])
                    switch kind {
                    case .file(let size, let modified, let changed):
                        folder.files.append(
                            File(
                                relative: Self.child(relative, name), size: size, modifiedNanoseconds: modified,
                                changedNanoseconds: changed))
                    case .folder: subfolders.append(Array(name))
                    case .link: folder.symbolicLinks += 1
                    case .vanished: folder.unreadableFiles += 1  // gone since it was listed
                    case .other: break
                    }
                }
            }
            listed.withLock { $0.append(folder) }
            guard recursive else { return }
            for (index, name) in subfolders.enumerated() {
                let path = name.withUnsafeBytes { Self.child(relative, $0) }
                queue.add { [self] in list(relative: path, place: Place(parent: place, index: index)) }
            }
        }

        /// `relative` and `name` joined by "/", made in one allocation.
        static func child(_ relative: [UInt8], _ name: UnsafeRawBufferPointer) -> [UInt8] {
            var path: [UInt8] = []
            path.reserveCapacity(relative.count + 1 + name.count)
            if !relative.isEmpty {
                path += relative
                path.append(UInt8(ascii: "/"))
            }
            path += name
            return path
        }
    }

    /// Where a folder is in the tree: its parent's place and its position among its siblings.
    /// Parents are shared, not copied into each child, so a deep tree costs memory in
    /// proportion to its folders, not to their depth.
    private final class Place: Sendable {
        let parent: Place?
        let index: Int
        let depth: Int

        init(parent: Place?, index: Int) {
            self.parent = parent
            self.index = index
            depth = parent.map { $0.depth + 1 } ?? 0
        }

        /// Whether this place lists before `other`: a level of the tree at a time, and within a
        /// level by the positions of their ancestors, from the root down.
        func precedes(_ other: Place) -> Bool {
            if depth != other.depth { return depth < other.depth }
            var (mine, theirs) = (self, other)
            // Up to the children of the closest common ancestor: where the two paths part.
            while mine !== theirs {
                guard let myParent = mine.parent, let theirParent = theirs.parent else { return false }
                if myParent === theirParent { return mine.index < theirs.index }
                (mine, theirs) = (myParent, theirParent)
            }
            return false
        }
    }

    /// What one folder held, and where it is in the tree.
    private struct Folder: Sendable {
        var place: Place
        var opened = false
        var files: [File] = []
        var unreadableFiles = 0
        var undecodableNames = 0
        var symbolicLinks = 0
    }

    /// What `fstatat` found for one name.
    private enum Kind: Sendable {
        case file(size: Int64, modifiedNanoseconds: Int64, changedNanoseconds: Int64)
        case folder, link, vanished, other
    }

    /// A folder's entries, read with `readdir`: its subfolders, and the names `fstatat` must
    /// look up (regular files, and entries of no stated type), held open until the last is.
    private final class Entries: Sendable {
        /// The names to look up, each followed by a zero byte, one after another.
        let names: [UInt8]
        /// Where each name starts in ``names``.
        let starts: [Int]
        let subfolders: [[UInt8]]
        let undecodableNames: Int
        let symbolicLinks: Int
        private let directory: Directory

        /// The entries of the folder at `relative` below `root`; `nil` when it cannot be opened.
        init?(root: [UInt8], relative: [UInt8]) {
            let descriptor = DeepPath.open(root: root, relative: relative, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            guard let stream = fdopendir(descriptor) else {
                close(descriptor)
                return nil
            }
            directory = Directory(stream)
            var names: [UInt8] = []
            var starts: [Int] = []
            var subfolders: [[UInt8]] = []
            var undecodableNames = 0
            var symbolicLinks = 0
            while let entry = readdir(stream) {
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    // The name, NUL-terminated in the entry: looked at in place.
                    guard let length = raw.firstIndex(of: 0), length > 0, raw[0] != UInt8(ascii: ".") else {
                        return  // ".", "..", hidden files
                    }
                    let name = UnsafeRawBufferPointer(rebasing: raw[..<length])
                    if !name.allSatisfy({ $0 < 0x80 }), String(validating: name, as: UTF8.self) == nil {
                        undecodableNames += 1  // most names are ASCII: checked without making a string
                    }
                    switch Int32(entry.pointee.d_type) {
                    case Int32(DT_DIR): subfolders.append(Array(name))
                    case Int32(DT_LNK): symbolicLinks += 1
                    case Int32(DT_REG), Int32(DT_UNKNOWN):
                        starts.append(names.count)
                        names += name
                        names.append(0)
                    default: break  // FIFOs, sockets, devices
                    }
                }
            }
            self.names = names
            self.starts = starts
            self.subfolders = subfolders
            self.undecodableNames = undecodableNames
            self.symbolicLinks = symbolicLinks
        }

        /// How many names there are to look up.
        var count: Int { starts.count }

        /// Where the name at `index` lies in ``names``, without its zero byte.
        func name(_ index: Int) -> Range<Int> {
            starts[index]..<(index + 1 < starts.count ? starts[index + 1] : names.count) - 1
        }

        /// What `fstatat` finds for the names at `range`. The arrays are taken hold of once for
        /// the whole range: a count of references changed for each name, by threads sharing a
        /// folder, would have the cores fight over one cache line.
        func kinds(_ range: Range<Int>) -> [Kind] {
            let folder = directory.descriptor
            return names.withUnsafeBytes { bytes in
                starts.withUnsafeBufferPointer { starts in
                    range.map { index in
                        guard let start = bytes.baseAddress else { return .vanished }
                        return Directory.kind(
                            of: (start + starts[index]).assumingMemoryBound(to: CChar.self), in: folder)
                    }
                }
            }
        }
    }

    /// An open folder, closed when the last job that looks names up in it lets it go.
    private final class Directory: @unchecked Sendable {
        // Only its descriptor is used after the entries were read, by `fstatat`, which may run on any thread.
        private let stream: OpaquePointer

        init(_ stream: OpaquePointer) {
            self.stream = stream
        }

        deinit {
            closedir(stream)
        }

        /// The folder's descriptor, valid while this is.
        var descriptor: Int32 { dirfd(stream) }

        /// What `fstatat` finds for the NUL-terminated `name` in the folder `descriptor`.
        static func kind(of name: UnsafePointer<CChar>, in descriptor: Int32) -> Kind {
            var info = stat()
            let found = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW)
            guard found == 0 else { return .vanished }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            case S_IFREG:
                // Only compared for equality, so a time too far out for 64 bits of nanoseconds wraps.
                let nanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
                let changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
                return .file(size: Int64(info.st_size), modifiedNanoseconds: nanoseconds, changedNanoseconds: changed)
            default: return .other
            }
        }
    }
}
