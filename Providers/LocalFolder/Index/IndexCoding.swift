import Foundation
import ProviderKit

/// Appends the index's little-endian encoding of numbers, text and metadata.
struct IndexWriter {
    var output: [UInt8] = []

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { output += $0 }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { output += $0 }
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

    /// Everything a result shows about the file.
    mutating func metadata(_ metadata: ImageMetadata) {
        string(metadata.format)
        optionalInt(metadata.width)
        optionalInt(metadata.height)
        optionalInt(metadata.orientation)
        optionalInt(metadata.takenAt.map { Int($0.localSeconds) })  // the reading, then its offset
        optionalInt(metadata.takenAt?.utcOffsetSeconds)
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
        rights(metadata.rights)
        let place = metadata.place ?? PlaceNames()
        for part in [place.name, place.city, place.region, place.country, place.countryCode] { optionalString(part) }
    }

    /// The rights statements, as written.
    mutating func rights(_ rights: ImageRights) {
        optionalString(rights.copyright)
        optionalString(rights.usageTerms)
        optionalString(rights.licenseURL)
        optionalString(rights.webStatement)
        optionalInt(rights.marked.map { $0 ? 1 : 0 })
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian 32-bit number at `offset`; the caller has checked it is in bounds.
    func littleEndianUInt32(at offset: Int) -> Int {
        Int(UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The little-endian 64-bit word at `offset`; the caller has checked it is in bounds.
    func littleEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

/// Reads the encoding back; every length is checked against what is left, so a damaged
/// index throws ``Corrupt`` instead of reading out of bounds.
struct IndexReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    struct Corrupt: Error {}

    mutating func u8() throws(Corrupt) -> UInt8 {
        guard offset < bytes.count else { throw Corrupt() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u64() throws(Corrupt) -> UInt64 {
        guard 8 <= bytes.count - offset else { throw Corrupt() }
        defer { offset += 8 }
        return bytes.littleEndianUInt64(at: offset)
    }

    mutating func string() throws(Corrupt) -> String {
        let count = try u64()
        guard count <= UInt64(bytes.count - offset) else { throw Corrupt() }
        defer { offset += Int(count) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(count)]), as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout IndexReader) throws(Corrupt) -> T) throws(Corrupt) -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw Corrupt()
        }
    }

    /// Metadata written by ``IndexWriter/metadata(_:)``.
    mutating func metadata() throws(Corrupt) -> ImageMetadata {
        var metadata = ImageMetadata(format: try string())
        let integer: (inout IndexReader) throws(Corrupt) -> Int = { Int(Int64(bitPattern: try $0.u64())) }
        let double: (inout IndexReader) throws(Corrupt) -> Double = { Double(bitPattern: try $0.u64()) }
        let text: (inout IndexReader) throws(Corrupt) -> String = { try $0.string() }
        // A hostile index may hold infinities and NaNs, which no output format can carry.
        let finite: (Double) -> Double? = { $0.isFinite ? $0 : nil }
        metadata.width = try optional(integer)
        metadata.height = try optional(integer)
        metadata.orientation = try optional(integer)
        let takenLocal = try optional(integer)
        let takenOffset = try optional(integer)
        metadata.takenAt = takenLocal.flatMap { DateTime(localSeconds: Int64($0), utcOffsetSeconds: takenOffset) }
        metadata.cameraMake = try optional(text)
        metadata.cameraModel = try optional(text)
        metadata.latitude = try optional(double).flatMap(finite)
        metadata.longitude = try optional(double).flatMap(finite)
        metadata.title = try optional(text)
        metadata.description = try optional(text)
        let keywordCount = try u64()
        guard keywordCount <= 10_000 else { throw Corrupt() }
        metadata.keywords = []
        for _ in 0..<keywordCount { metadata.keywords.append(try string()) }
        metadata.rating = try optional(double).flatMap(finite)
        metadata.creator = try optional(text)
        metadata.rights.copyright = try optional(text)
        metadata.rights.usageTerms = try optional(text)
        metadata.rights.licenseURL = try optional(text)
        metadata.rights.webStatement = try optional(text)
        metadata.rights.marked = try optional(integer).map { $0 != 0 }
        let place = PlaceNames(
            name: try optional(text), city: try optional(text), region: try optional(text),
            country: try optional(text), countryCode: try optional(text))
        metadata.place = place.isEmpty ? nil : place
        return metadata
    }
}
