import Foundation
import ProviderKit

/// Bounds-checked reading of binary structures: a length or offset pointing past the end is
/// an error, never a crash.
struct ByteReader {
    enum Endian {
        case big, little
    }

    let bytes: [UInt8]
    var endian: Endian

    init(_ bytes: [UInt8], endian: Endian = .big) {
        self.bytes = bytes
        self.endian = endian
    }

    var count: Int { bytes.count }

    func u8(_ offset: Int) throws(ImageMetadataError) -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw Self.pastEnd }
        return bytes[offset]
    }

    func u16(_ offset: Int) throws(ImageMetadataError) -> Int {
        let a = Int(try u8(offset))
        let b = Int(try u8(offset + 1))
        return endian == .big ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int) throws(ImageMetadataError) -> Int {
        let a = try u16(offset)
        let b = try u16(offset + 2)
        return endian == .big ? a << 16 | b : b << 16 | a
    }

    func slice(_ offset: Int, _ length: Int) throws(ImageMetadataError) -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw Self.pastEnd
        }
        return Array(bytes[offset..<offset + length])
    }

    func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
        offset >= 0 && offset + prefix.count <= bytes.count
            && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    static let pastEnd = ImageMetadataError.pastEnd
}

/// Text from metadata: trailing NULs and padding removed; blank text counts as absent.
enum MetadataText {
    /// The most bytes of UTF-8 kept of one text value (a title, a description, a keyword): far
    /// more than any camera or editor writes, and little enough that a file of 4 MiB titles
    /// costs no more to search, index and print than a few ordinary ones.
    static let maximumBytes = 16 << 10

    /// `text` without the white space and NULs around it, cut to ``maximumBytes``; `nil` when
    /// nothing is left.
    static func clean(_ text: String?) -> String? {
        guard var text else { return nil }
        if text.utf8.count > maximumBytes { text = cut(text) }
        // Printable ASCII at both ends, as most values are: nothing to trim, no character to look at.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return text
        }
        let padding: (Character) -> Bool = { $0.isWhitespaceASCIIFirst || $0 == "\0" }
        guard let first = text.firstIndex(where: { !padding($0) }), let last = text.lastIndex(where: { !padding($0) })
        else { return nil }
        return String(text[first...last])
    }

    /// The longest start of `text` within ``maximumBytes`` that ends between characters.
    static func cut(_ text: String) -> String {
        guard var end = text.utf8.index(text.startIndex, offsetBy: maximumBytes, limitedBy: text.endIndex) else {
            return text
        }
        while end > text.startIndex, end.samePosition(in: text) == nil { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }

    /// UTF-8 when valid, else Latin-1 (older IPTC and EXIF writers).
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        // ASCII, as most values are: made at once, without a copy or the generic validation.
        let ascii = bytes.withContiguousStorageIfAvailable { buffer in
            buffer.allSatisfy { $0 < 0x80 } ? String(decoding: buffer, as: UTF8.self) : nil
        }
        if let ascii = ascii ?? nil { return ascii }
        return String(validating: Array(bytes), as: UTF8.self)
            ?? String(decoding: Array(bytes).map { UInt16($0) }, as: UTF16.self)
    }
}
