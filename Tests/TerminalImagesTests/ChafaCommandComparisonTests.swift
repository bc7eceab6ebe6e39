import Foundation
import ProviderKit
import Testing

@testable import TerminalImages

/// Our drawing of a picture, per protocol, against the `chafa` command's own for the same PNG
/// (same pixels: PNG decodes exactly) and the same options, the command run on a real
/// pseudo-terminal whose cells are 10×20 pixels (as TIOCGWINSZ reports them to it).
///
/// The two differ only in placement, which is ours: we move the cursor to the picture's cell
/// before it (and before each row of symbols, where chafa writes a newline between rows) and
/// add no newline after it; the command prints at the cursor and ends with a newline (but after
/// sixels). Those are taken off ours and the command's newline added back; the rest must be
/// equal byte for byte.
@Suite struct ChafaCommandComparisonTests {
    static let cell = CellSize(width: 10, height: 20)

    struct Case: Sendable, CustomTestStringConvertible {
        let graphics: TerminalGraphics
        let alpha: Bool
        let columns: Int
        let rows: Int
        var testDescription: String { "\(graphics) \(alpha ? "RGBA" : "RGB") in \(columns)×\(rows)" }

        /// The command's name for the protocol.
        var format: String {
            switch graphics {
            case .kitty: "kitty"
            case .iterm2: "iterm"
            case .sixel: "sixels"
            case .symbols: "symbols"
            }
        }
    }

    static let cases: [Case] = TerminalGraphics.allCases.flatMap { graphics in
        [
            Case(graphics: graphics, alpha: false, columns: 20, rows: 10),
            Case(graphics: graphics, alpha: true, columns: 60, rows: 30),
        ]
    }

    @Test(arguments: cases)
    func drawsAsTheChafaCommandDoes(_ test: Case) async throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try await TestFiles.makePNG(width: 96, height: 64, seed: 3, alpha: test.alpha, in: folder)
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let pictures = await TerminalPictures(environment: environment, forced: test.graphics, cellSize: Self.cell)
        #expect(pictures.colors == .truecolor)
        let drawing = try await pictures.draw(
            [UInt8](try Data(contentsOf: png)), row: 2, column: 5, columns: test.columns, rows: test.rows)
        let command = try await chafaCommand(
            ["-f", test.format, "-c", "full", "-s", "\(test.columns)x\(test.rows)", png.path], environment)
        #expect(Self.unplaced(drawing, row: 2, column: 5) == command)
        #expect(drawing.columns <= test.columns && drawing.rows <= test.rows)
    }

    /// Symbols in fewer colours: the 16 of a Linux console, and none at all under NO_COLOR.
    @Test(arguments: [
        (["TERM": "linux"], SymbolColors.indexed16, "16"),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], .none, "none"),
        (["TERM": "screen-256color"], .indexed240, "240"),
    ])
    func symbolsInFewerColoursAsTheCommandDrawsThem(
        _ environment: [String: String], _ colors: SymbolColors, _ commandColors: String
    ) async throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try await TestFiles.makePNG(width: 64, height: 64, seed: 5, alpha: false, in: folder)
        let pictures = await TerminalPictures(environment: environment, forced: .symbols, cellSize: Self.cell)
        #expect(pictures.colors == colors)
        let drawing = try await pictures.draw(
            [UInt8](try Data(contentsOf: png)), row: 0, column: 0, columns: 16, rows: 8)
        // The command turns its output optimisations off for no colours unless told.
        let command = try await chafaCommand(
            ["-f", "symbols", "-c", commandColors, "-O", "5", "-s", "16x8", png.path], environment)
        #expect(Self.unplaced(drawing, row: 0, column: 0) == command)
        if colors == .none {
            #expect(!String(decoding: drawing.bytes, as: UTF8.self).contains("8;5;"))
        }
    }

    /// What the chafa command prints on a 200×60-cell terminal of 10×20-pixel cells.
    private func chafaCommand(_ arguments: [String], _ environment: [String: String]) async throws -> [UInt8] {
        let cells = (columns: 200, rows: 60)
        let result = try await TestFiles.run(
            [
                "python3", TestFiles.helper, "run", "\(cells.columns)", "\(cells.rows)",
                "\(cells.columns * Self.cell.width)", "\(cells.rows * Self.cell.height)", "chafa", "--animate", "off",
                "--polite", "on",
            ] + arguments, environment: environment)
        #expect(result.succeeded)
        return result.output
    }

    /// `drawing` as the command prints it: our cursor moves taken off, symbol rows joined by
    /// newlines, and the command's last newline added.
    static func unplaced(_ drawing: TerminalDrawing, row: Int, column: Int) -> [UInt8] {
        let unchanged = Array(drawing.bytes)
        var rest = drawing.bytes[...]
        var lines: [ArraySlice<UInt8>] = []
        let count = drawing.graphics == .symbols ? drawing.rows : 1
        for index in 0..<count {
            let move = TerminalDrawing.cursorMove(row: row + index, column: column)
            guard rest.starts(with: move) else { return unchanged }
            rest = rest.dropFirst(move.count)
            let next = TerminalDrawing.cursorMove(row: row + index + 1, column: column)
            let end = index + 1 < count ? (rest.firstRange(of: next)?.lowerBound ?? rest.endIndex) : rest.endIndex
            lines.append(rest[..<end])
            rest = rest[end...]
        }
        // The command parks the cursor on the line below a picture, except after sixels (a sixel
        // image already leaves the cursor below itself).
        return Array(lines.joined(separator: [0x0A])) + (drawing.graphics == .sixel ? [] : [0x0A])
    }
}
