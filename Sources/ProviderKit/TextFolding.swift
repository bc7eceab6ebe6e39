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

    /// The words of ASCII `bytes`, lower-cased; `nil` when a byte is not ASCII.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        var start = -1
        func close(at end: Int) {
            guard start >= 0 else { return }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            words.append(
                String(unsafeUninitializedCapacity: word.count) { buffer in
                    for (index, byte) in word.enumerated() {
                        buffer[index] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                    }
                    return word.count
                })
            start = -1
        }
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                if start < 0 { start = index }
            default:
                close(at: index)
            }
        }
        close(at: bytes.count)
        return words
    }
}
