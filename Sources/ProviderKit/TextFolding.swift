import Foundation

/// Folds text for matching: lower case, no diacritics, split into words.
package enum TextFolding {
    /// "Café-Nöel_2024" → ["cafe", "noel", "2024"].
    package static func words(_ text: String) -> [String] {
        var text = text
        // Most metadata is ASCII, which needs no folding: its bytes are read once, in place.
        if let words = text.withUTF8({ asciiWords($0) }) { return words }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }

    /// ``words(_:)`` of a part of a string (a path's component, a file's stem).
    package static func words(_ text: Substring) -> [String] { words(String(text)) }

    /// Appends ``words(_:)`` of `text` to `output`, each after a space unless it is the first
    /// (`count` counts the words appended so far): the index's search text is written so for
    /// every file read, and ASCII text (most metadata) makes no string or array on the way.
    package static func appendWords(of text: String, to output: inout [UInt8], count: inout Int) {
        var text = text
        text.withUTF8 { appendWords(of: $0, to: &output, count: &count) }
    }

    /// Appends the words of a part of a string (a path's component), as for a whole string.
    package static func appendWords(of text: Substring, to output: inout [UInt8], count: inout Int) {
        var text = text
        text.withUTF8 { appendWords(of: $0, to: &output, count: &count) }
    }

    /// Appends the words of text given as its UTF-8 bytes.
    private static func appendWords(
        of bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], count: inout Int
    ) {
        let mark = (output.count, count)
        let ascii = scanASCIIWords(bytes) { word in
            if count > 0 { output.append(UInt8(ascii: " ")) }
            let start = output.count
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[word]))
            output.withUnsafeMutableBufferPointer { folded in
                for index in start..<folded.count where folded[index] &- UInt8(ascii: "A") < 26 {
                    folded[index] += 32
                }
            }
            count += 1
        }
        guard !ascii else { return }
        // Not ASCII: what was appended goes, and Foundation folds the text.
        output.removeSubrange(mark.0...)
        count = mark.1
        for word in words(String(decoding: bytes, as: UTF8.self)) {
            if count > 0 { output.append(UInt8(ascii: " ")) }
            output += word.utf8
            count += 1
        }
    }

    /// The words of ASCII `bytes`, lower-cased; `nil` when a byte is not ASCII.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        let ascii = scanASCIIWords(bytes) { range in
            let word = UnsafeBufferPointer(rebasing: bytes[range])
            words.append(
                String(unsafeUninitializedCapacity: word.count) { buffer in
                    for (index, byte) in word.enumerated() {
                        buffer[index] = byte &- UInt8(ascii: "A") < 26 ? byte + 32 : byte
                    }
                    return word.count
                })
        }
        return ascii ? words : nil
    }

    /// Calls `word` with the range of each run of ASCII letters and digits in `bytes`, in order;
    /// stops and returns `false` at the first byte that is not ASCII (having called `word` for
    /// the runs before it).
    @inline(__always)
    private static func scanASCIIWords(_ bytes: UnsafeBufferPointer<UInt8>, _ word: (Range<Int>) -> Void) -> Bool {
        var start = -1
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return false }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                if start < 0 { start = index }
            default:
                if start >= 0 { word(start..<index) }
                start = -1
            }
        }
        if start >= 0 { word(start..<bytes.count) }
        return true
    }
}
