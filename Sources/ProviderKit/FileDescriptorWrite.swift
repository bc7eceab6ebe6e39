import Foundation

/// Writes all of `bytes` to `descriptor`, going on after short writes and `EINTR`; returns
/// `nil` when everything was written, else the `errno` of the failed write.
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
        let count = write(descriptor, base + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return count < 0 ? errno : EIO }
        offset += count
    }
    return nil
}
