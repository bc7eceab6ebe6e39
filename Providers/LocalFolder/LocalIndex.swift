import Foundation

/// What was read from each file of one folder, kept on disk so a repeat search reads only
/// new or changed files (same size and modification time means unchanged).
///
/// The file holds a magic number, the folder's path, the entries and a checksum. Anything
/// that does not verify (truncated, corrupt, another folder's, an older format) is ignored
/// and rebuilt, never trusted. It is written to a temporary file and renamed into place, so
/// searches running at once never see, or leave, a partial index.
struct LocalIndex: Sendable {
    /// What is known about one file.
    struct Entry: Sendable {
        var size: Int64
        var modifiedNanoseconds: Int64
        /// `nil` when the file is not an image.
        var format: ImageFormat?
        /// `nil` when the metadata could not be read (or the file is not an image).
        var metadata: ImageMetadata?
    }

    static let magic = Array("VFLIDX01".utf8)

    var entries: [String: Entry] = [:]

    /// The index file for `root` inside `cacheDirectory`.
    static func location(for root: URL, in cacheDirectory: URL) -> URL {
        let hash = checksum(Array(root.standardizedFileURL.path.utf8)[...])
        return cacheDirectory.appendingPathComponent("local-folder")
            .appendingPathComponent(String(hash, radix: 16) + ".index")
    }

    /// The index at `url` if it is intact and belongs to `root`; `nil` otherwise.
    static func load(from url: URL, root: URL) -> LocalIndex? {
        guard let data = try? Data(contentsOf: url), data.count > magic.count + 8 else { return nil }
        let bytes = [UInt8](data)
        let body = bytes.dropLast(8)
        var stored: UInt64 = 0
        for (shift, byte) in bytes.suffix(8).enumerated() { stored |= UInt64(byte) << (8 * shift) }
        guard checksum(body) == stored else { return nil }
        var reader = IndexReader(bytes: Array(body))
        do {
            guard try reader.bytes(magic.count) == magic, try reader.string() == root.standardizedFileURL.path else {
                return nil
            }
            var index = LocalIndex()
            let count = try reader.u64()
            guard count <= 10_000_000 else { return nil }
            for _ in 0..<count {
                let path = try reader.string()
                index.entries[path] = try reader.entry()
            }
            return index
        } catch {
            return nil
        }
    }

    /// Writes the index for `root` to `url`, atomically.
    func write(to url: URL, root: URL) throws {
        var writer = IndexWriter()
        writer.bytes(Self.magic)
        writer.string(root.standardizedFileURL.path)
        writer.u64(UInt64(entries.count))
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.entry(entry)
        }
        let sum = Self.checksum(writer.output[...])
        for shift in 0..<8 { writer.output.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(shift)))) }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try Data(writer.output).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// FNV-1a, 64 bits.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

/// Appends the index's little-endian encoding.
private struct IndexWriter {
    var output: [UInt8] = []

    mutating func bytes(_ bytes: [UInt8]) { output += bytes }

    mutating func u64(_ value: UInt64) {
        for shift in 0..<8 { output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }

    mutating func string(_ value: String) {
        u64(UInt64(value.utf8.count))
        output += value.utf8
    }

    mutating func optionalString(_ value: String?) {
        output.append(value == nil ? 0 : 1)
        if let value { string(value) }
    }

    mutating func optionalInt(_ value: Int?) {
        output.append(value == nil ? 0 : 1)
        if let value { u64(UInt64(bitPattern: Int64(value))) }
    }

    mutating func optionalDouble(_ value: Double?) {
        output.append(value == nil ? 0 : 1)
        if let value { u64(value.bitPattern) }
    }

    mutating func entry(_ entry: LocalIndex.Entry) {
        u64(UInt64(bitPattern: entry.size))
        u64(UInt64(bitPattern: entry.modifiedNanoseconds))
        string(entry.format?.rawValue ?? "")
        guard let metadata = entry.metadata else { return output.append(0) }
        output.append(1)
        string(metadata.format)
        optionalInt(metadata.width)
        optionalInt(metadata.height)
        optionalInt(metadata.orientation)
        optionalDouble(metadata.takenAt?.timeIntervalSince1970)
        optionalString(metadata.cameraMake)
        optionalString(metadata.cameraModel)
        optionalDouble(metadata.latitude)
        optionalDouble(metadata.longitude)
        optionalString(metadata.title)
        optionalString(metadata.description)
        u64(UInt64(metadata.keywords.count))
        for keyword in metadata.keywords { string(keyword) }
        optionalDouble(metadata.rating)
        optionalString(metadata.creator)
    }
}

/// Reads the encoding back; every length is checked against what is left.
private struct IndexReader {
    let bytes: [UInt8]
    var offset = 0

    struct Corrupt: Error {}

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else { throw Corrupt() }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func u8() throws -> UInt8 { try bytes(1)[0] }

    mutating func u64() throws -> UInt64 {
        guard 8 <= bytes.count - offset else { throw Corrupt() }
        var value: UInt64 = 0
        for shift in 0..<8 { value |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift)) }
        offset += 8
        return value
    }

    mutating func string() throws -> String {
        let count = try u64()
        guard count <= UInt64(bytes.count - offset) else { throw Corrupt() }
        return String(decoding: try bytes(Int(count)), as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout IndexReader) throws -> T) throws -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw Corrupt()
        }
    }

    mutating func entry() throws -> LocalIndex.Entry {
        let size = Int64(bitPattern: try u64())
        let modified = Int64(bitPattern: try u64())
        let formatName = try string()
        let format = formatName.isEmpty ? nil : ImageFormat(rawValue: formatName)
        guard formatName.isEmpty || format != nil else { throw Corrupt() }
        var entry = LocalIndex.Entry(size: size, modifiedNanoseconds: modified, format: format, metadata: nil)
        guard try u8() == 1 else { return entry }
        var metadata = ImageMetadata(format: try string())
        let integer: (inout IndexReader) throws -> Int = { Int(Int64(bitPattern: try $0.u64())) }
        let double: (inout IndexReader) throws -> Double = { Double(bitPattern: try $0.u64()) }
        let text: (inout IndexReader) throws -> String = { try $0.string() }
        metadata.width = try optional(integer)
        metadata.height = try optional(integer)
        metadata.orientation = try optional(integer)
        metadata.takenAt = try optional(double).map { Date(timeIntervalSince1970: $0) }
        metadata.cameraMake = try optional(text)
        metadata.cameraModel = try optional(text)
        metadata.latitude = try optional(double)
        metadata.longitude = try optional(double)
        metadata.title = try optional(text)
        metadata.description = try optional(text)
        let keywordCount = try u64()
        guard keywordCount <= 10_000 else { throw Corrupt() }
        metadata.keywords = try (0..<keywordCount).map { _ in try string() }
        metadata.rating = try optional(double)
        metadata.creator = try optional(text)
        entry.metadata = metadata
        return entry
    }
}
