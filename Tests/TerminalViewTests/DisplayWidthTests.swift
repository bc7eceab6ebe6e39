import Testing

@testable import TerminalView

/// Columns a text takes on a terminal: the quick count for Latin text agrees with the count
/// character by character, and wide, joined and zero-width characters are counted as terminals draw them.
@Suite struct DisplayWidthTests {
    /// The count character by character, without the quick paths.
    func slowWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    @Test("every scalar counted one column alone is one column, and its own character")
    func oneColumnScalars() {
        let scalars = (0..<0x3000).compactMap(Unicode.Scalar.init).filter(DisplayWidth.isOneColumnAlone)
        #expect(scalars.count > 700)
        for scalar in scalars {
            #expect(DisplayWidth.of(scalar) == 1, "U+\(String(scalar.value, radix: 16))")
        }
        // Side by side, in pairs, each stays a character of its own.
        for (first, second) in zip(scalars, scalars.dropFirst(7) + scalars.prefix(7)) {
            var pair = ""
            pair.unicodeScalars.append(contentsOf: [first, second])
            #expect(pair.count == 2 && DisplayWidth.of(pair) == 2 && slowWidth(pair) == 2)
        }
    }

    @Test(
        "Latin with marks, CJK, emoji and controls are counted character by character",
        arguments: [
            ("Lisboa × Porto …", 16), ("Cafe\u{301} du port", 12), ("港の夜明け", 10), ("harbour 🌅", 10),
            ("👨‍👩‍👧 family", 9), ("soft\u{AD}hyphen", 10), ("tab\there", 7), ("¡Olé! – «ça»", 12), ("x\u{FE0F}", 2),
        ])
    func mixed(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
        #expect(DisplayWidth.of(text) == slowWidth(text))
    }

    @Test("an ASCII character, read without look-ups, takes what its scalar takes; CR-LF none")
    func asciiCharacters() {
        for value in UInt8(0)...0x7F {
            let scalar = Unicode.Scalar(value)
            #expect(DisplayWidth.of(Character(scalar)) == DisplayWidth.of(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
    }
}
