import Foundation

/// Where ``HTTPClient/stream(_:into:progress:)`` puts a successful (2xx) response body, chunk
/// by chunk as it arrives, so a body of any size takes no more memory than one chunk.
///
/// The client calls it on its own thread (never Swift's cooperative pool), one call at a time.
public protocol HTTPBodySink: AnyObject, Sendable {
    /// An attempt starts (the first one too): forget whatever an earlier attempt wrote. Returns
    /// a reason when it cannot; the attempt then fails with it.
    func restart() -> String?
    /// Takes the next bytes of the body; returns a reason to stop the transfer (a failed write).
    func write(_ bytes: UnsafeRawBufferPointer) -> String?
}

/// Writes a body to a file descriptor, counting the bytes, keeping the first bytes (to
/// recognise the file type) and taking their checksum (``FileChecksum``) on the way. The caller
/// owns the descriptor and closes it: one it opened, or one the sink opened (``init(opening:)``).
public final class DescriptorBodySink: HTTPBodySink, @unchecked Sendable {
    /// How many leading bytes ``leadingBytes`` keeps.
    public static let leadingLength = 512  // room for an SVG's prologue and an ISO file's brands

    // Written by the client's thread during the transfer; read by the caller after it ends.
    private var descriptor: Int32?
    private let open: (@Sendable () -> Result<Int32, OpenFailure>)?
    private var hasher = FileChecksum()
    private var written: Int64 = 0
    private var leading: [UInt8] = []

    /// Why ``init(opening:)``'s `open` made no file, in words for the transfer's error.
    public struct OpenFailure: Error, Sendable {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// A sink writing to `descriptor`, an empty file; an attempt after one that wrote bytes empties it first.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        open = nil
    }

    /// A sink that makes its file itself, with `open`, on the client's thread as the first
    /// attempt starts: no hand-off to another thread before the transfer, and no file when the
    /// transfer never starts. ``openedDescriptor`` tells the caller afterwards.
    public init(opening open: @escaping @Sendable () -> Result<Int32, OpenFailure>) {
        descriptor = nil
        self.open = open
    }

    /// The file's descriptor, once there is one.
    public var openedDescriptor: Int32? { descriptor }
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
        guard let descriptor else {
            switch open?() {
            case .success(let opened)?: descriptor = opened
            case .failure(let failure)?: return failure.reason
            case nil: return "no file to write to"
            }
            return nil
        }
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
        guard let descriptor else { return "no file to write to" }
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
