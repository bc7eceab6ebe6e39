import CXXHash

/// The checksum recorded for each downloaded file: XXH3-128, written as `xxh128:` and the 32 hex
/// digits `xxhsum -H2` prints. It is taken as the body streams in, while the bytes are still in
/// the CPU's cache: about 30 GB/s with AVX2 (9 without), where SHA-256 (with the CPU's SHA
/// instructions) does 1.5 and took a fifth of a download's CPU time. It is no cryptographic hash:
/// where two files' checksums agree and that decides anything, their bytes are compared as well.
/// libxxhash is loaded on the first checksum (see `CXXHash.h`).
package final class FileChecksum: @unchecked Sendable {
    /// What every checksum starts with, naming the algorithm (older archives hold bare SHA-256 hex).
    package static let prefix = "xxh128:"

    private let state: OpaquePointer?

    /// Starts a checksum, loading libxxhash the first time; when it cannot be loaded or cannot
    /// begin one (out of memory), ``finish()`` returns `nil` and ``failure`` says why.
    package init() {
        state = vf_xxh128_new()
    }

    deinit {
        vf_xxh128_free(state)
    }

    /// Adds the next bytes.
    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let state, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        vf_xxh128_update(state, base, bytes.count)
    }

    /// The checksum of everything added, `xxh128:` and 32 hex digits; `nil` when libxxhash failed.
    package func finish() -> String? {
        guard let state else { return nil }
        var digest = [UInt8](repeating: 0, count: 16)
        digest.withUnsafeMutableBufferPointer { vf_xxh128_finish(state, $0.baseAddress) }
        return Self.prefix + SHA256.hexDigits(digest)
    }

    /// Why a checksum could not be taken, for a download's failure: libxxhash's loading error
    /// (which names the library file), else the memory it could not have.
    package static var failure: String {
        let reason = vf_xxh128_error().map { String(cString: $0) } ?? "libxxhash could not allocate its state"
        return "cannot compute a checksum (\(reason))"
    }
}
