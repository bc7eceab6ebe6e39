import Foundation

/// A file's bytes, for the one who must not trust them: the parts a metadata reader asks for,
/// never the whole of a large file (the local folders' readers, thumbnails, `inspect`); and,
/// in ``relation(of:to:)``, two files compared byte for byte (downloads).
package final class FileBytes {
    /// The most any one file may cost to read, metadata segments included.
    package static let budget = 4 << 20

    package let size: Int
    /// Last modification time.
    package let modified: Date
    private let descriptor: Int32
    private let memory: [UInt8]?
    private var spent = 0
    /// The bytes of the last small read, which may serve the next ones.
    package static let window = 16 << 10
    private var windowStart = 0
    private var windowBytes: [UInt8] = []

    /// Bytes already in memory, read as if they were a file (for tests and fuzzing).
    package init(bytes: [UInt8]) {
        descriptor = -1
        memory = bytes
        size = bytes.count
        modified = Date(timeIntervalSince1970: 0)
    }

    package convenience init(path: String) throws(ImageMetadataError) {
        try self.init(path: FileSystemPath(bytes: Array(path.utf8)))
    }

    /// Reads the file at `path`, by the path's own bytes (a name need not be UTF-8).
    package convenience init(path: FileSystemPath) throws(ImageMetadataError) {
        let descriptor = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO must never block us
        guard descriptor >= 0 else {
            throw ImageMetadataError(message: "cannot open: \(String(cString: strerror(errno)))")
        }
        try self.init(adopting: descriptor)
    }

    /// Reads the file open for reading at `descriptor`, which it then owns and closes (also
    /// when this throws): for a file opened relative to its folder (``DeepPath``).
    package init(adopting descriptor: Int32) throws(ImageMetadataError) {
        memory = nil
        self.descriptor = descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw ImageMetadataError(message: "cannot read its size: \(String(cString: strerror(errno)))")
        }
        size = Int(info.st_size)
        modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// `count` bytes at `offset`; fewer at the end of the file. Throws past the read budget.
    package func read(_ offset: Int, _ count: Int) throws(ImageMetadataError) -> [UInt8] {
        try read(offset, count, charging: min(count, max(0, size - offset)))
    }

    /// The offset of the first `byte` at or after `offset`, looking at most `limit` bytes ahead;
    /// `nil` when none is there. Only the bytes passed over count against the read budget, so
    /// a file of many small runs of stray bytes is read to its end, not stopped as if it had
    /// claimed megabytes.
    package func offset(of byte: UInt8, from offset: Int, within limit: Int) throws(ImageMetadataError) -> Int? {
        let ahead = try read(offset, limit, charging: 0)
        let found = ahead.firstIndex(of: byte)
        try charge((found ?? ahead.count) + 1)
        return found.map { offset + $0 }
    }

    private func charge(_ count: Int) throws(ImageMetadataError) {
        spent += count
        guard spent <= Self.budget else {
            throw ImageMetadataError(message: "its metadata segments claim more than \(Self.budget >> 20) MiB")
        }
    }

    private func read(_ offset: Int, _ count: Int, charging: Int) throws(ImageMetadataError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size else { throw .pastEnd }
        let wanted = min(count, size - offset)
        spent += charging
        guard spent <= Self.budget else {
            throw ImageMetadataError(message: "its metadata segments claim more than \(Self.budget >> 20) MiB")
        }
        if let memory { return Array(memory[offset..<offset + wanted]) }
        // Segment headers come a few bytes at a time: serve them from one larger read, so a file
        // of a million tiny segments costs a million copies, not a million system calls.
        if wanted <= Self.window {
            if offset < windowStart || offset + wanted > windowStart + windowBytes.count {
                windowStart = offset
                windowBytes = readFromDisk(offset, min(Self.window, size - offset))
            }
            let start = offset - windowStart
            // The whole window (a TIFF's first read): shared, not copied.
            if start == 0, wanted == windowBytes.count { return windowBytes }
            return Array(windowBytes[start..<min(start + wanted, windowBytes.count)])
        }
        return readFromDisk(offset, wanted)
    }

    /// Reads at most `wanted` bytes at `offset`; fewer if the file is shorter than it was.
    private func readFromDisk(_ offset: Int, _ wanted: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), at: offset)
        }
    }
}
