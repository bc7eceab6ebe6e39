import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Byte-for-byte comparison of a file already under a name with the one meant for it (a
/// download): the bytes decide what is kept, never a checksum (``FileChecksum`` is not a
/// cryptographic one).
extension FileBytes {
    /// How a file already under a name stands to the new one.
    package enum Relation: Sendable, Equatable {
        /// The same bytes.
        case same
        /// Shorter, and the new file's first bytes: a write cut short (a power cut before the
        /// disk had it all), which the new file completes without losing a byte.
        case beginning
        /// Anything else, or a file that cannot be read or is not a regular file.
        case different
    }

    /// How the file at `existing` stands to the one at `new`. Blocks: call it on ``BlockingExecutor``.
    package static func relation(of existing: FileSystemPath, to new: FileSystemPath) -> Relation {
        // Non-blocking, so a FIFO under either name cannot hang the comparison.
        let old = existing.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        let other = new.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer {
            if old >= 0 { close(old) }
            if other >= 0 { close(other) }
        }
        guard isRegularFile(old), isRegularFile(other) else { return .different }
        let chunk = 256 << 10
        let buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * chunk, alignment: 16)
        defer { buffers.deallocate() }
        let left = UnsafeMutableRawBufferPointer(rebasing: buffers[0..<chunk])
        let right = UnsafeMutableRawBufferPointer(rebasing: buffers[chunk...])
        while true {
            guard let count = fill(left, from: old), let newCount = fill(right, from: other),
                memcmp(left.baseAddress!, right.baseAddress!, min(count, newCount)) == 0
            else { return .different }
            if count == newCount {
                if count < chunk { return .same }  // both ended together
                continue
            }
            return count < newCount ? .beginning : .different
        }
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        descriptor >= 0 && regularFileSize(descriptor) != nil
    }

    /// Reads until `buffer` is full or the file ends; the count, or `nil` on a read error.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int? {
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}
