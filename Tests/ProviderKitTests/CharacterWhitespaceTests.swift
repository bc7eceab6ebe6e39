import Testing

@testable import ProviderKit

/// `isWhitespaceASCIIFirst` answers as the standard library's `isWhitespace` does.
struct CharacterWhitespaceTests {
    @Test("every ASCII character, CR-LF and whitespace beyond ASCII: the same answer as isWhitespace")
    func sameAsIsWhitespace() {
        var characters = (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += [
            "\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{200B}", "é", "日",
        ]
        for character in characters {
            #expect(
                character.isWhitespaceASCIIFirst == character.isWhitespace,
                "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(characters.filter(\.isWhitespaceASCIIFirst).count == 13)
    }
}
