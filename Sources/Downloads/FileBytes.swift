import Foundation
import ProviderKit

/// Byte-for-byte comparison of two files: where two checksums agree and that decides what is
/// kept, the bytes decide, since the checksum (``FileChecksum``) is not a cryptographic one.
package enum FileBytes {
    /// Whether the files at `first` and `second` are both regular files with the same bytes;
    /// `false` when either cannot be read. Blocks: call it on a thread of its own.
    package static func same(_ first: FileSystemPath, _ second: FileSystemPath) -> Bool {
        // Non-blocking, so a FIFO under either name cannot hang the comparison.
        let one = first.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        let other = second.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer {
            if one >= 0 { close(one) }
            if other >= 0 { close(other) }
        }
        guard isRegularFile(one), isRegularFile(other) else { return false }
        let chunk = 256 << 10
        let buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * chunk, alignment: 16)
        defer { buffers.deallocate() }
        let left = UnsafeMutableRawBufferPointer(rebasing: buffers[0..<chunk])
        let right = UnsafeMutableRawBufferPointer(rebasing: buffers[chunk...])
        while true {
            guard let count = fill(left, from: one), fill(right, from: other) == count else { return false }
            if count == 0 { return true }
            if memcmp(left.baseAddress!, right.baseAddress!, count) != 0 { return false }
        }
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return descriptor >= 0 && fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Reads until `buffer` is full or the file ends; the count, or `nil` on a read error.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int? {
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}
