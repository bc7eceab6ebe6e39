import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a descriptor without blocking, on a Dispatch source on a serial queue, handing each
/// chunk to a consumer that says whether to go on. Closes the descriptor when stopped.
///
/// The source holds itself (its handler captures it) until it is cancelled, at end of file, on
/// an error, when the consumer declines a chunk, or through ``stop()``.
final class DescriptorReader: Sendable {
    /// Bytes asked for by one `read`.
    static let chunkSize = 65_536
    /// Reads per wake-up before giving the queue to others: a writer without end cannot hold it.
    static let readsPerEvent = 16
    /// Reads at most when draining what is left: bounded even if something still writes.
    static let readsWhenDraining = 256

    private nonisolated(unsafe) let source: any DispatchSourceRead
    private let descriptor: Int32
    private let consume: @Sendable (Data) -> Bool

    /// Starts reading `descriptor` (made non-blocking) on `queue`; `consume` returns `false` to stop.
    init(descriptor: Int32, queue: DispatchQueue, consume: @escaping @Sendable (Data) -> Bool) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        self.consume = consume
        nonisolated(unsafe) let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        self.source = source
        source.setEventHandler {
            Self.read(descriptor, from: source, upTo: Self.readsPerEvent, consume: consume)
        }
        source.setCancelHandler { close(descriptor) }
        source.activate()
    }

    /// Reads what is already there, up to `reads` chunks, without waiting; call on the reader's queue.
    func drain(upTo reads: Int) {
        Self.read(descriptor, from: source, upTo: reads, consume: consume)
    }

    /// Stops reading and closes the descriptor (from any thread).
    func stop() {
        source.cancel()
    }

    private static func read(
        _ descriptor: Int32, from source: any DispatchSourceRead, upTo reads: Int,
        consume: @Sendable (Data) -> Bool
    ) {
        // Runs on the source's queue, as its cancel handler does, so the descriptor is open here
        // unless the source was cancelled.
        guard !source.isCancelled else { return }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var done = 0
        while done < reads {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count > 0 {
                done += 1
                guard consume(Data(buffer[0..<count])) else { return source.cancel() }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return
            } else {
                return source.cancel()  // end of file, or an error: nothing more will come
            }
        }
    }
}
