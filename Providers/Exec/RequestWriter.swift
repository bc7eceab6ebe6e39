import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the request to a program's stdin without ever blocking a thread: non-blocking sends
/// whenever the socket has room, then end of file. A program that never reads its stdin
/// leaves the rest unwritten, and costs nothing until it is stopped.
final class RequestWriter: Sendable {
    private nonisolated(unsafe) let source: any DispatchSourceWrite

    /// Starts writing `data` to `descriptor` (made non-blocking) on `queue`; closes it when done.
    init(descriptor: Int32, data: Data, queue: DispatchQueue) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let written = Mutex(0)
        nonisolated(unsafe) let source = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        self.source = source
        source.setEventHandler {
            guard !source.isCancelled else { return }
            let finished = written.withLock { offset in Self.send(data, from: &offset, to: descriptor) }
            if finished { source.cancel() }
        }
        source.setCancelHandler {
            shutdown(descriptor, Int32(SHUT_WR))  // end of file for the program, if it is still reading
            close(descriptor)
        }
        source.activate()
    }

    /// Stops writing and closes the descriptor (from any thread).
    func stop() {
        source.cancel()
    }

    /// Sends as much of `data` after `offset` as the socket takes now; `true` when there is
    /// nothing more to do (all sent, or the program is gone or closed its stdin).
    private static func send(_ data: Data, from offset: inout Int, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return true }
                let sent = Glibc.send(
                    descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else if sent < 0 && errno == EAGAIN {
                    return false  // full; the source calls again when there is room
                } else {
                    return true  // the program's exit status will say what happened
                }
            }
            return true
        }
    }
}
