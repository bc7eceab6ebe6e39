import Foundation
import Testing

@testable import TerminalImages

/// Which protocol each terminal gets (chafa's database), and pictures placed at their cells.
@Suite struct TerminalPicturesTests {
    static let cell = CellSize(width: 10, height: 20)

    @Test(arguments: [
        (["TERM": "xterm-kitty"], TerminalGraphics.kitty), (["TERM": "foot"], .sixel), (["TERM": "mlterm"], .sixel),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm2),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .sixel),
        (["TERM": "xterm-256color"], .symbols), (["TERM": "linux"], .symbols), ([:], .symbols),
    ])
    func protocolComesFromTheTerminalsEntry(_ environment: [String: String], _ expected: TerminalGraphics) async {
        let pictures = await TerminalPictures(environment: environment, cellSize: Self.cell)
        #expect(pictures.unavailable == nil)
        #expect(pictures.graphics == expected)
    }

    @Test func coloursComeFromTheEntryAndNoColorTurnsThemOff() async {
        #expect(
            await TerminalPictures(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]).colors
                == .truecolor)
        #expect(await TerminalPictures(environment: ["TERM": "linux"]).colors == .indexed16)
        #expect(await TerminalPictures(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]).colors == .none)
        // An empty NO_COLOR is no request (no-color.org).
        #expect(
            await TerminalPictures(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": ""])
                .colors == .truecolor)
    }

    @Test func aForcedProtocolWins() async {
        let pictures = await TerminalPictures(environment: ["TERM": "xterm-kitty"], forced: .symbols)
        #expect(pictures.graphics == .symbols)
    }

    @Test func symbolRowsEachStartWithACursorMoveToTheirCell() async throws {
        let pictures = await TerminalPictures(
            environment: ["TERM": "xterm-256color"], forced: .symbols, cellSize: Self.cell)
        let drawing = try await pictures.draw(
            try TestFiles.corpusFile("full.jpg"), row: 4, column: 30, columns: 16, rows: 8)
        // 64×48 in 16×8 cells of 1:2: 16 columns, 6 rows.
        #expect((drawing.columns, drawing.rows) == (16, 6))
        #expect(!drawing.bytes.contains(0x0A))
        let text = String(decoding: drawing.bytes, as: UTF8.self)
        let moves = (0..<6).map { "\u{1B}[\(5 + $0);31H" }
        #expect(text.hasPrefix(moves[0]))
        var at = text.startIndex
        for move in moves {
            let found = try #require(text.range(of: move, range: at..<text.endIndex))
            at = found.upperBound
        }
        #expect(text.components(separatedBy: "\u{1B}[").filter { $0.contains(";31H") }.count == 6)
    }

    @Test(arguments: [TerminalGraphics.kitty, .iterm2, .sixel])
    func pixelPicturesStartWithOneCursorMove(_ graphics: TerminalGraphics) async throws {
        let pictures = await TerminalPictures(
            environment: ["TERM": "xterm-256color"], forced: graphics, cellSize: Self.cell)
        let bytes = try #require(
            await pictures.drawing(of: try TestFiles.corpusFile("full.heic"), row: 0, column: 0, columns: 40, rows: 20))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[1;1H"))
        let start = ["kitty": "\u{1B}_G", "iterm2": "\u{1B}]1337;File=", "sixel": "\u{1B}P"][graphics.rawValue]!
        #expect(text.dropFirst(6).hasPrefix(start))
    }

    @Test func undrawableInputGivesNil() async throws {
        let pictures = await TerminalPictures(environment: ["TERM": "xterm-kitty"], cellSize: Self.cell)
        for name in ["truncated.jpg", "not-an-image.jpg", "plain.gif", "hostile/heic-iloc-extent-bomb.heic"] {
            #expect(
                await pictures.drawing(of: try TestFiles.corpusFile(name), row: 0, column: 0, columns: 20, rows: 10)
                    == nil, "\(name)")
        }
        #expect(await pictures.drawing(of: [], row: 0, column: 0, columns: 20, rows: 10) == nil)
        let good = try TestFiles.corpusFile("full.png")
        #expect(await pictures.drawing(of: good, row: 0, column: 0, columns: 0, rows: 10) == nil)
        #expect(await pictures.drawing(of: good, row: -1, column: 0, columns: 10, rows: 10) == nil)
    }

    @Test func kittyPicturesAreErasedExplicitly() {
        #expect(String(decoding: TerminalDrawing.erasing(.kitty), as: UTF8.self) == "\u{1B}_Ga=d,d=A\u{1B}\\")
        #expect(TerminalDrawing.erasing(.sixel).isEmpty)
    }
}
