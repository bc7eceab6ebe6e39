import Foundation

/// Reads only the parts of a file a metadata reader asks for, never the whole of a large file.
final class FileBytes {
    /// The most any one file may cost to read, metadata segments included.
    static let budget = 4 << 20

    let size: Int
    /// Last modification time.
    let modified: Date
    private let descriptor: Int32
    private let memory: [UInt8]?
    private var spent = 0

    /// Bytes already in memory, read as if they were a file (for tests and fuzzing).
    init(bytes: [UInt8]) {
        descriptor = -1
        memory = bytes
        size = bytes.count
        modified = Date(timeIntervalSince1970: 0)
    }

    init(path: String) throws(ImageMetadataError) {
        memory = nil
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO must never block us
        guard descriptor >= 0 else {
            throw ImageMetadataError(message: "cannot open: \(String(cString: strerror(errno)))")
        }
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
    func read(_ offset: Int, _ count: Int) throws(ImageMetadataError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size else { throw ByteReader.pastEnd }
        let wanted = min(count, size - offset)
        spent += wanted
        guard spent <= Self.budget else {
            throw ImageMetadataError(message: "its metadata segments claim more than \(Self.budget >> 20) MiB")
        }
        if let memory { return Array(memory[offset..<offset + wanted]) }
        var buffer = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, wanted - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return done == wanted ? buffer : Array(buffer.prefix(done))
    }
}
