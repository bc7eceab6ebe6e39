import Foundation
import Places
import ProviderKit

/// One file's record in a folder's index: what the walk compares (path, size, modification
/// time), what a search scans (``SearchText``, rating, date) without decoding anything, and
/// what a result shows (the metadata), in one run of bytes.
///
/// Layout, little-endian: a 72-byte header (record length, path length, search-text length,
/// metadata length as UInt32; size and modification time in nanoseconds as Int64; rating and
/// date taken (its ``DateTime/orderingSeconds``) as Double, NaN when unknown; format code; flags;
/// padding; the XMP sidecar's size, -1 for none, and modification time as Int64), then the
/// relative path, the search text and the metadata.
struct IndexRecord {
    static let headerSize = 72

    private enum Offset {
        static let length = 0
        static let pathLength = 4
        static let searchLength = 8
        static let metadataLength = 12
        static let size = 16
        static let modified = 24
        static let rating = 32
        static let takenAt = 40
        static let format = 48
        static let flags = 49
        static let sidecarSize = 56
        static let sidecarModified = 64
    }

    /// `flags` bit: the metadata was read.
    private static let hasMetadata: UInt8 = 1
    /// `flags` bit: the file has a position, but no place names were at hand to make its words
    /// (`VIEWFINDER_PLACES=off`, or a missing gazetteer): it is read again once they are.
    private static let lacksPlaceWords: UInt8 = 2

    /// The record's bytes, checked by ``validLength(at:in:)`` before a record is made.
    let bytes: UnsafeRawBufferPointer

    /// Appends the record of one file to `output`.
    ///
    /// Written in place: the header's lengths are filled in once the parts after it are written.
    static func append(
        relativePath: [UInt8], size: Int64, modifiedNanoseconds: Int64, format: ImageFormat?,
        metadata: ImageMetadata?, sidecar: Sidecar? = nil, to output: inout [UInt8]
    ) {
        let start = output.count
        var header = IndexWriter()
        swap(&header.output, &output)  // written through the writer, never copied
        header.u32(0)  // the lengths, filled in below
        header.u32(UInt32(relativePath.count))
        header.u32(0)
        header.u32(0)
        header.u64(UInt64(bitPattern: size))
        header.u64(UInt64(bitPattern: modifiedNanoseconds))
        header.u64((metadata?.rating ?? .nan).bitPattern)
        header.u64((metadata?.takenAt.map { Double($0.orderingSeconds) } ?? .nan).bitPattern)
        header.output.append(format.map(code) ?? 0)
        let placeWordsLeftOut = metadata?.location != nil && Gazetteer.forSearch == nil
        header.output.append((metadata == nil ? 0 : hasMetadata) | (placeWordsLeftOut ? lacksPlaceWords : 0))
        header.output.append(contentsOf: repeatElement(0, count: start + Offset.sidecarSize - header.output.count))
        header.u64(UInt64(bitPattern: sidecar?.size ?? -1))
        header.u64(UInt64(bitPattern: sidecar?.changedNanoseconds ?? 0))
        header.output += relativePath
        let searchStart = header.output.count
        if format != nil { SearchText.encode(relativePath: relativePath, metadata: metadata, into: &header.output) }
        let metadataStart = header.output.count
        if let metadata { header.metadata(metadata) }
        swap(&output, &header.output)
        func set(_ field: Int, _ value: Int) {
            withUnsafeBytes(of: UInt32(value).littleEndian) { bytes in
                for index in 0..<4 { output[start + field + index] = bytes[index] }
            }
        }
        set(Offset.length, output.count - start)
        set(Offset.searchLength, metadataStart - searchStart)
        set(Offset.metadataLength, output.count - metadataStart)
    }

    /// The length of the well-formed record starting at `offset`, or `nil` when its lengths do
    /// not add up or run past `buffer`.
    static func validLength(at offset: Int, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard buffer.count - offset >= headerSize else { return nil }
        func u32(_ field: Int) -> Int { buffer.littleEndianUInt32(at: offset + field) }
        let length = u32(Offset.length)
        let parts = headerSize + u32(Offset.pathLength) + u32(Offset.searchLength) + u32(Offset.metadataLength)
        guard length == parts, length <= buffer.count - offset else { return nil }
        let format = buffer[offset + Offset.format]
        guard format == 0 || Int(format) <= ImageFormat.allCases.count else { return nil }
        return length
    }

    private func u32(_ offset: Int) -> Int { bytes.littleEndianUInt32(at: offset) }

    private func i64(_ offset: Int) -> Int64 { Int64(bitPattern: bytes.littleEndianUInt64(at: offset)) }

    private func double(_ offset: Int) -> Double? {
        let value = Double(bitPattern: bytes.littleEndianUInt64(at: offset))
        return value.isFinite ? value : nil  // NaN means unknown; a hostile index may hold infinities
    }

    var size: Int64 { i64(Offset.size) }
    var modifiedNanoseconds: Int64 { i64(Offset.modified) }

    /// Whether `sidecar` is the sidecar this record was made with (both none, or the same size
    /// and inode change time): an added, removed, edited, renamed or swapped sidecar means
    /// reading the file again.
    func hasSameSidecar(as sidecar: Sidecar?) -> Bool {
        i64(Offset.sidecarSize) == (sidecar?.size ?? -1)
            && i64(Offset.sidecarModified) == (sidecar?.changedNanoseconds ?? 0)
    }
    var rating: Double? { double(Offset.rating) }
    var takenAt: Double? { double(Offset.takenAt) }

    /// `nil` when the file is not an image.
    var format: ImageFormat? {
        let code = bytes[Offset.format]
        return code == 0 ? nil : ImageFormat.allCases[Int(code) - 1]
    }

    /// Whether the metadata was read (an image whose metadata is damaged has none).
    var hasMetadata: Bool { bytes[Offset.flags] & Self.hasMetadata != 0 }

    /// Whether the words were made without the place names of the file's position.
    var lacksPlaceWords: Bool { bytes[Offset.flags] & Self.lacksPlaceWords != 0 }

    /// The relative path, as bytes.
    var path: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize..<Self.headerSize + u32(Offset.pathLength)])
    }

    /// The relative path as text; bytes that are not UTF-8 become U+FFFD.
    var relativePath: String { String(decoding: path, as: UTF8.self) }

    /// The ``SearchText``.
    var searchText: UnsafeRawBufferPointer {
        let start = Self.headerSize + u32(Offset.pathLength)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + u32(Offset.searchLength)])
    }

    /// The metadata, decoded; `nil` when there is none or it does not decode.
    var metadata: ImageMetadata? {
        guard hasMetadata else { return nil }
        let start = Self.headerSize + u32(Offset.pathLength) + u32(Offset.searchLength)
        var reader = IndexReader(
            bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<start + u32(Offset.metadataLength)]))
        return try? reader.metadata()
    }

    /// Modification time, for the newest-first feed.
    var modified: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }

    /// When the photo was taken, or else when the file last changed: what "newest" means.
    var date: Double { takenAt ?? Double(modifiedNanoseconds) / 1e9 }

    private static func code(_ format: ImageFormat) -> UInt8 {
        UInt8(ImageFormat.allCases.firstIndex(of: format)! + 1)
    }
}
