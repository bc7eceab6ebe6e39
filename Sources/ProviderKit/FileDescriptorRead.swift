import Foundation

/// Fills `buffer` from `descriptor`, going on after short reads and `EINTR`: from the current
/// offset, or with `offset`, from there (`pread`). Returns how many bytes were read: fewer than
/// `buffer.count` when the file ended or a read failed. The twin of ``writeAll(_:_:)``.
package func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
        let count =
            if let offset {
                pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            } else {
                read(descriptor, base + done, buffer.count - done)
            }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        done += count
    }
    return done
}

/// The size of the regular file open at `descriptor`, or `nil` when it is something else (a
/// FIFO, a device, a folder) or cannot be examined: what a reader checks before trusting a
/// file's length.
package func regularFileSize(_ descriptor: Int32) -> Int64? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int64(status.st_size)
}
