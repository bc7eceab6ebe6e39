import ProviderKit

/// Olympus, Agfa and Polaroid's APP12 "Picture Info" text (exiftool's APP12 module): lines of
/// `Name=value`. `TimeDate` is the date taken, as seconds since 1970 of the camera's clock (a
/// local time) or as text; exiftool ranks it below EXIF's date (priority 0).
enum PictureInfo {
    /// Whether an APP12 body is Picture Info: exiftool looks for `[picture info]` or `Type=`.
    static func isPictureInfo(_ body: [UInt8]) -> Bool {
        contains(Array("[picture info]".utf8), in: body) || contains(Array("Type=".utf8), in: body)
    }

    static func date(_ body: [UInt8]) -> DateTime? {
        let key = Array("TimeDate=".utf8)
        var start = 0
        while let found = firstIndex(of: key, in: body, from: start) {
            start = found + 1
            // A whole name: at the start, or after a byte that cannot be part of one.
            if found > 0, isNameByte(body[found - 1]) { continue }
            let valueStart = found + key.count
            var end = valueStart
            while end < body.count, (0x20...0x7E).contains(body[end]), body[end] != UInt8(ascii: "[") { end += 1 }
            guard let text = valueText(String(decoding: body[valueStart..<end], as: UTF8.self)) else { return nil }
            if let seconds = Int64(text) {
                return seconds == 0 ? nil : DateTime(localSeconds: seconds, utcOffsetSeconds: nil)
            }
            return DateTime.parse(text)
        }
        return nil
    }

    /// A value ends where the next `Name=` begins (Olympus writes them on one line).
    private static func valueText(_ line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        let next = words.indices.dropFirst().first { index in
            let word = words[index]
            guard let equals = word.firstIndex(of: "="), equals > word.startIndex else { return false }
            return word[..<equals].utf8.allSatisfy(isNameByte)
        }
        return MetadataText.clean(words[..<(next ?? words.endIndex)].joinedText(separator: " "))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "-")
    }

    private static func contains(_ needle: [UInt8], in body: [UInt8]) -> Bool {
        firstIndex(of: needle, in: body, from: 0) != nil
    }

    private static func firstIndex(of needle: [UInt8], in body: [UInt8], from start: Int) -> Int? {
        guard needle.count <= body.count else { return nil }
        var index = start
        while index <= body.count - needle.count {
            if body[index] == needle[0], body[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
