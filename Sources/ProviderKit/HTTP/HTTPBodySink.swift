import Foundation

/// Where ``HTTPClient/stream(_:into:progress:)`` puts a successful (2xx) response body, chunk
/// by chunk as it arrives, so a body of any size takes no more memory than one chunk.
///
/// The client calls it on its own thread (never Swift's cooperative pool), one call at a time.
public protocol HTTPBodySink: AnyObject, Sendable {
    /// A new attempt starts: forget whatever an earlier attempt wrote. Returns a reason when it cannot.
    func restart() -> String?
    /// Takes the next bytes of the body; returns a reason to stop the transfer (a failed write).
    func write(_ bytes: UnsafeRawBufferPointer) -> String?
}

/// Writes a body to an open file descriptor (the caller owns it, opens and closes it), counting
/// the bytes, keeping the first bytes (to recognise the file type) and, unless told not to,
/// computing their SHA-256.
public final class DescriptorBodySink: HTTPBodySink, @unchecked Sendable {
    /// How many leading bytes ``leadingBytes`` keeps.
    public static let leadingLength = 512  // room for an SVG's prologue and an ISO file's brands

    private let descriptor: Int32
    private let hashing: Bool
    private var hasher = SHA256()
    // Written by the client's thread during the transfer; read by the caller after it ends.
    private var written: Int64 = 0
    private var leading: [UInt8] = []

    /// A sink writing to `descriptor` from its current start (it is truncated on each attempt).
    /// Without `hashing`, ``checksum()`` is `nil` and the transfer thread only writes: a caller
    /// that hashes the finished file on another thread keeps the transfer thread for the network.
    public init(descriptor: Int32, hashing: Bool = true) {
        self.descriptor = descriptor
        self.hashing = hashing
    }

    /// Bytes written by the last attempt.
    public var byteCount: Int64 { written }
    /// The body's first ``leadingLength`` bytes (fewer when it is shorter).
    public var leadingBytes: [UInt8] { leading }
    /// The SHA-256 of the body as hex; call once, after the transfer. `nil` when libcrypto failed,
    /// or when the sink was made without hashing.
    public func checksum() -> String? { hashing ? hasher.finishHex() : nil }

    public func restart() -> String? {
        hasher = SHA256()
        written = 0
        leading = []
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            return "cannot empty the file: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        if leading.count < Self.leadingLength {
            leading += bytes.prefix(Self.leadingLength - leading.count)
        }
        if hashing { hasher.update(bytes) }
        if let code = writeAll(descriptor, UnsafeRawBufferPointer(start: base, count: bytes.count)) {
            return "cannot write the file: \(String(cString: strerror(code)))"
        }
        written += Int64(bytes.count)
        return nil
    }
}
