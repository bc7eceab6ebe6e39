import CCrypto

/// SHA-256 (FIPS 180-4) through libcrypto: the HTTP cache's keys (only their digest is written
/// to disk) and the page's inline-script hash for its Content-Security-Policy. Downloaded files
/// are checksummed with ``FileChecksum`` (XXH3), which is twenty times faster. libcrypto is
/// loaded on first use (see `CCrypto`'s header): ``prepare()`` loads it ahead, on a thread of
/// our own.
package final class SHA256: @unchecked Sendable {
    private let context: OpaquePointer?

    /// Starts a digest; when libcrypto cannot (not installed, out of memory), ``finish()``
    /// returns `nil`.
    package init() {
        context = vf_sha256_new()
    }

    deinit {
        vf_sha256_free(context)
    }

    /// Loads libcrypto, once per process, so that no later digest waits for its files: on the
    /// calling thread, which must be one of our own (it reads files).
    package static func prepare() {
        vf_sha256_free(vf_sha256_new())
    }

    /// Adds the next bytes.
    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = vf_sha256_update(context, base, bytes.count)
    }

    /// The 32-byte digest of everything added; `nil` when libcrypto failed.
    package func finish() -> [UInt8]? {
        guard let context else { return nil }
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        guard vf_sha256_finish(context, &digest, &length) == 1, length == 32 else { return nil }
        return Array(digest.prefix(32))
    }

    /// The digest as 64 lower-case hex digits; `nil` when libcrypto failed.
    package func finishHex() -> String? {
        finish().map(Self.hexDigits)
    }

    /// The digest of `text`'s UTF-8 bytes as 64 lower-case hex digits ("" when libcrypto failed).
    package static func hex(_ text: String) -> String {
        let hasher = SHA256()
        var text = text
        text.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        return hasher.finishHex() ?? ""
    }

    /// `bytes` as lower-case hex digits.
    package static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
