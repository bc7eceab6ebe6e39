import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a walk's files relative to their folder: the folder once (by ``DeepPath``, so depth
/// does not matter), then each file by its name alone (`openat`). Opening every file by its
/// whole path made the kernel look up each of the path's folders again for every file, a
/// twelfth of a first search's time; a walk's chunk of files mostly shares one folder.
///
/// Names are bytes: a name that is not UTF-8 opens as any other. Symbolic links are not
/// followed (the listing passes them over; one put in a file's place since is not opened).
final class FolderOpener {
    private let root: [UInt8]
    /// The folder open now, by its path below `root`, and its descriptor (-1 for none).
    private var folder: [UInt8] = []
    private var descriptor: Int32 = -1

    init(root: [UInt8]) {
        self.root = root
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A descriptor open for reading on the file at `relative` (names joined by "/") below the
    /// root, which the caller then owns.
    func open(_ relative: [UInt8]) throws(ImageMetadataError) -> Int32 {
        let slash = relative.lastIndex(of: UInt8(ascii: "/"))
        let folderPath = relative[..<(slash ?? 0)]
        if descriptor < 0 || !folderPath.elementsEqual(folder) {
            if descriptor >= 0 { close(descriptor) }
            folder = Array(folderPath)
            descriptor = DeepPath.open(root: root, relative: folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.failure("cannot open its folder") }
        }
        let name = relative[(slash.map { $0 + 1 } ?? 0)...]
        let file = withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { terminated in
            for (index, byte) in name.enumerated() { terminated[index] = CChar(bitPattern: byte) }
            terminated[name.count] = 0
            // A FIFO put in a file's place must never block the walk.
            return openat(descriptor, terminated.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        }
        guard file >= 0 else { throw Self.failure("cannot open") }
        return file
    }

    private static func failure(_ what: String) -> ImageMetadataError {
        ImageMetadataError(message: "\(what): \(String(cString: strerror(errno)))")
    }
}
