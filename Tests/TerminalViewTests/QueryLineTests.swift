import Testing

@testable import TerminalView

@Suite("The query line edits as readline does")
struct QueryLineTests {
    private func typed(_ text: String) -> QueryLine {
        var line = QueryLine()
        for character in text { _ = line.apply(.character(character)) }
        return line
    }

    @Test("Typing inserts at the cursor; ←, →, Home and End move it")
    func insertsAndMoves() {
        var line = typed("harbr")
        _ = line.apply(.left)
        _ = line.apply(.character("o"))
        #expect(line.string == "harbor")
        #expect(line.cursor == 5)
        _ = line.apply(.home)
        #expect(line.cursor == 0)
        _ = line.apply(.end)
        #expect(line.cursor == 6)
        _ = line.apply(.control("a"))
        #expect(line.cursor == 0)
        _ = line.apply(.control("e"))
        #expect(line.cursor == 6)
    }

    @Test("Ctrl-W deletes the word before the cursor, Ctrl-U everything before it, Backspace one character")
    func deletes() {
        var line = typed("harbor at dusk")
        _ = line.apply(.control("w"))
        #expect(line.string == "harbor at ")
        _ = line.apply(.backspace)
        #expect(line.string == "harbor at")
        _ = line.apply(.left)
        _ = line.apply(.left)
        _ = line.apply(.control("u"))
        #expect(line.string == "at")
        #expect(line.cursor == 0)
    }

    @Test("Wide characters are one character each to edit")
    func wideCharacters() {
        var line = typed("港の夕日")
        _ = line.apply(.backspace)
        #expect(line.string == "港の夕")
    }
}
