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
/// the bytes, keeping the first bytes (to recognise the file type) and taking their checksum
/// (``FileChecksum``) on the way.
public final class DescriptorBodySink: HTTPBodySink, @unchecked Sendable {
    /// How many leading bytes ``leadingBytes`` keeps.
    public static let leadingLength = 512  // room for an SVG's prologue and an ISO file's brands

    private let descriptor: Int32
    private var hasher = FileChecksum()
    // Written by the client's thread during the transfer; read by the caller after it ends.
    private var written: Int64 = 0
    private var leading: [UInt8] = []

    /// A sink writing to `descriptor`, an empty file; an attempt after one that wrote bytes empties it first.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Bytes written by the last attempt.
    public var byteCount: Int64 { written }
    /// The body's first ``leadingLength`` bytes (fewer when it is shorter).
    public var leadingBytes: [UInt8] { leading }
    /// The body's checksum (``FileChecksum``: `xxh128:` and hex); call once, after the transfer.
    /// `nil` when libxxhash failed.
    public func checksum() -> String? { hasher.finish() }

    public func restart() -> String? {
        hasher = FileChecksum()
        leading = []
        // Nothing written yet: the file is still empty. Not truncating it matters: ext4 writes a
        // file truncated to nothing out when it is closed (a guard for programs that rewrite
        // files in place), which made every download's close start the disk.
        guard written > 0 else { return nil }
        written = 0
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
        hasher.update(bytes)
        if let code = writeAll(descriptor, UnsafeRawBufferPointer(start: base, count: bytes.count)) {
            return "cannot write the file: \(String(cString: strerror(code)))"
        }
        written += Int64(bytes.count)
        return nil
    }
}
