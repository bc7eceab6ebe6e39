import Foundation
import ProviderKit
import Testing

/// White space trimmed from both ends exactly as Foundation's `trimmingCharacters(in:)` trims
/// `.whitespacesAndNewlines` and `.whitespaces`, which it replaces on the way to every photo's credit.
@Suite struct TrimmingWhitespaceTests {
    /// Every white-space and format scalar below U+3001, and some that merely look like space.
    static let scalars: [Unicode.Scalar] =
        (0..<0x3001).compactMap(Unicode.Scalar.init).filter {
            $0.properties.isWhitespace || $0.properties.generalCategory == .format || $0.value < 0x21
        } + ["\u{FEFF}", "\u{200B}", "\u{180E}", "a", "é", "港"]

    @Test("each scalar alone, at either end and inside, as Foundation trims it", arguments: [true, false])
    func everyScalar(newlines: Bool) {
        let set: CharacterSet = newlines ? .whitespacesAndNewlines : .whitespaces
        for scalar in Self.scalars {
            let mark = String(Character(scalar))
            for text in [mark, mark + "harbour" + mark, "harbour" + mark + "dusk", mark + mark + "x", "\r\n" + mark] {
                #expect(
                    text.trimmingWhitespace(newlines: newlines) == text.trimmingCharacters(in: set),
                    "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }

    @Test("empty, all space, and untouched text")
    func shapes() {
        #expect("".trimmingWhitespace() == "")
        #expect(" \t\n\u{3000}".trimmingWhitespace() == "")
        #expect(" \n".trimmingWhitespace(newlines: false) == "\n")
        #expect("Ana Lima".trimmingWhitespace() == "Ana Lima")
        #expect("  Cafe\u{301}  ".trimmingWhitespace() == "Cafe\u{301}")
    }
}
