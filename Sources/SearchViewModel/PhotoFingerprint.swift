import Foundation
import ProviderKit

/// A 128-bit fingerprint of what identifies a photo: its id within its provider, or its
/// canonical page URL. Two independent 64-bit hashes make an accidental match between
/// different photos practically impossible (about 2⁻¹²⁸ per pair).
///
/// Fingerprints are computed in one pass over the bytes, without building strings, because
/// the merger computes two for every result of every page.
struct PhotoFingerprint: Equatable, Sendable {
    let first: UInt64
    let second: UInt64

    /// The photo's identity within its provider instance (by the instance's position in the configuration).
    static func id(provider: Int, id: String) -> PhotoFingerprint {
        var hasher = ByteHasher(kind: UInt8(ascii: "i"))
        var order = UInt64(truncatingIfNeeded: provider)
        for _ in 0..<8 {
            hasher.add(UInt8(truncatingIfNeeded: order))
            order >>= 8
        }
        for byte in id.utf8 { hasher.add(byte) }
        return hasher.fingerprint
    }

    /// The photo's canonical page URL: `http` and `https`, `www.`, letter case of the host, a
    /// trailing slash and the fragment do not make two pages different. `nil` for URLs without a host.
    static func page(_ url: URL) -> PhotoFingerprint? {
        var text = url.baseURL == nil ? url.relativeString : url.absoluteString
        if text.hasPrefix("file:") { return fileFingerprint(url) }
        return text.withUTF8 { page(bytes: $0) }
    }

    /// By the file's real path: two names that differ only in bytes that are not UTF-8 are two files.
    private static func fileFingerprint(_ url: URL) -> PhotoFingerprint {
        var hasher = ByteHasher(kind: UInt8(ascii: "f"))
        for byte in FileSystemPath(fileURL: url)?.bytes ?? Array(url.standardizedFileURL.path.utf8) {
            hasher.add(byte)
        }
        return hasher.fingerprint
    }

    private static func page(bytes: UnsafeBufferPointer<UInt8>) -> PhotoFingerprint? {
        let slash = UInt8(ascii: "/")
        let question = UInt8(ascii: "?")
        let hash = UInt8(ascii: "#")
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
            bytes[colon + 1] == slash, bytes[colon + 2] == slash
        else { return nil }
        var hostStart = colon + 3
        var hostEnd = hostStart
        while hostEnd < bytes.count {
            let byte = bytes[hostEnd]
            if byte == slash || byte == question || byte == hash { break }
            if byte == UInt8(ascii: "@") { hostStart = hostEnd + 1 }
            hostEnd += 1
        }
        guard hostStart < hostEnd else { return nil }
        if hostEnd - hostStart > 4, lowercased(bytes[hostStart]) == UInt8(ascii: "w"),
            lowercased(bytes[hostStart + 1]) == UInt8(ascii: "w"),
            lowercased(bytes[hostStart + 2]) == UInt8(ascii: "w"),
            bytes[hostStart + 3] == UInt8(ascii: ".")
        {
            hostStart += 4
        }
        var end = hostEnd
        var queryStart: Int?
        while end < bytes.count, bytes[end] != hash {
            if queryStart == nil, bytes[end] == question { queryStart = end }
            end += 1
        }
        var pathEnd = queryStart ?? end
        while pathEnd > hostEnd, bytes[pathEnd - 1] == slash { pathEnd -= 1 }

        var hasher = ByteHasher(kind: UInt8(ascii: "p"))
        for index in hostStart..<hostEnd { hasher.add(lowercased(bytes[index])) }
        for index in hostEnd..<pathEnd { hasher.add(bytes[index]) }
        for index in (queryStart ?? end)..<end { hasher.add(bytes[index]) }
        return hasher.fingerprint
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

/// Two independent 64-bit hashes over a byte stream: FNV-1a, and a multiply-xorshift mix.
private struct ByteHasher {
    private var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    private var mix: UInt64 = 0x9e37_79b9_7f4a_7c15

    init(kind: UInt8) {
        add(kind)
    }

    mutating func add(_ byte: UInt8) {
        fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        mix = (mix &+ UInt64(byte) &+ 1) &* 0xbf58_476d_1ce4_e5b9
        mix ^= mix >> 31
    }

    var fingerprint: PhotoFingerprint {
        var final = mix &* 0x94d0_49bb_1331_11eb
        final ^= final >> 29
        return PhotoFingerprint(first: fnv, second: final)
    }
}
