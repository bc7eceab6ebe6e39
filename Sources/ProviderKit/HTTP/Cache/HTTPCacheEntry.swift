import Foundation

/// One stored answer as it is written to disk: no URL, no request header, nothing that
/// identifies the request but the digest its file is named by.
///
/// Layout: a first line `VFHTTP1 <checksum> <length>` covering everything after it, then
/// `key`, `status`, `stored`, `fresh` and `body` lines, one `h name: value` line per kept
/// response header, an empty line, and the body. Any mismatch makes the entry unreadable.
struct HTTPCacheEntry: Sendable, Equatable {
    /// The digest of the cache key (the file's name), checked on reading.
    var keyDigest: String
    var status: Int
    /// Kept response headers, lower-cased names.
    var headers: [String: String]
    var body: Data
    var storedAt: Date
    var freshUntil: Date

    private static let magic = "VFHTTP1"
    /// The longest header block read: anything longer is not an entry this program wrote.
    static let maxHeaderBytes = 64 << 10

    /// The file's bytes.
    func encoded() -> Data {
        var text = "key \(keyDigest)\nstatus \(status)\nstored \(Self.milliseconds(storedAt))\n"
        text += "fresh \(Self.milliseconds(freshUntil))\nbody \(body.count)\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "h \(name): \(value)\n" }
        text += "\n"
        var rest = Data(text.utf8)
        rest.append(body)
        let checksum = rest.withUnsafeBytes(Self.checksum)
        var file = Data("\(Self.magic) \(String(checksum, radix: 16)) \(rest.count)\n".utf8)
        file.append(rest)
        return file
    }

    /// The entry in `data`, or `nil` when it is not a whole, intact entry for `keyDigest`.
    static func decode(_ data: Data, keyDigest: String) -> HTTPCacheEntry? {
        data.withUnsafeBytes { bytes -> HTTPCacheEntry? in
            guard let firstEnd = bytes.prefix(64).firstIndex(of: 10) else { return nil }
            let first = String(decoding: bytes[..<firstEnd], as: UTF8.self).split(separator: " ")
            let restStart = firstEnd + 1
            guard first.count == 3, first[0] == magic, let checksum = UInt64(first[1], radix: 16),
                let length = Int(first[2]), length == bytes.count - restStart
            else { return nil }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[restStart...])
            guard Self.checksum(rest) == checksum else { return nil }
            return parse(rest, keyDigest: keyDigest)
        }
    }

    private static func parse(_ rest: UnsafeRawBufferPointer, keyDigest: String) -> HTTPCacheEntry? {
        var fields: [String: String] = [:]
        var headers: [String: String] = [:]
        var lineStart = 0
        let headerLimit = min(rest.count, maxHeaderBytes)
        while true {
            guard let lineEnd = rest[lineStart..<headerLimit].firstIndex(of: 10) else { return nil }
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { break }
            let line = String(decoding: rest[lineStart..<lineEnd], as: UTF8.self)
            if line.hasPrefix("h "), let colon = line.firstIndex(of: ":") {
                let name = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
                headers[name] = String(line[line.index(after: colon)...].dropFirst())
            } else if let space = line.firstIndex(of: " ") {
                fields[String(line[..<space])] = String(line[line.index(after: space)...])
            }
        }
        let bodyStart = lineStart
        guard fields["key"] == keyDigest, let status = fields["status"].flatMap(Int.init), (200..<300).contains(status),
            let stored = fields["stored"].flatMap(Int64.init), let fresh = fields["fresh"].flatMap(Int64.init),
            let bodyLength = fields["body"].flatMap(Int.init), bodyLength == rest.count - bodyStart
        else { return nil }
        return HTTPCacheEntry(
            keyDigest: keyDigest, status: status, headers: headers, body: Data(rest[bodyStart...]),
            storedAt: date(milliseconds: stored), freshUntil: date(milliseconds: fresh))
    }

    /// Rounded down, so a stored entry is never fresher than its headers made it (a `no-cache`
    /// answer, fresh until the instant it came, must not read back as fresh half a millisecond on).
    private static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value.isFinite && abs(value) < 1e15 ? Int64(value) : 0
    }

    private static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// A fast 64-bit checksum (FNV-1a over 8-byte words, with an extra shift to mix): it finds a
    /// torn or damaged file, nothing more; the file is the cache's own, not a hostile input to verify.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* prime
            index += 1
        }
        return hash ^ UInt64(bytes.count)
    }
}
