/// A picture ready for the terminal: bytes that move the cursor to the picture's cells and draw
/// it there, so a caller can write them as they are over a full-screen (ncurses) display.
package struct TerminalDrawing: Sendable, Equatable {
    /// The bytes to write.
    package let bytes: [UInt8]
    /// How the picture is drawn.
    package let graphics: TerminalGraphics
    /// The cells it covers, from its top-left cell: at most the box asked for.
    package let columns: Int
    package let rows: Int

    /// Places chafa's `drawn` bytes at (`row`, `column`), 0-based: symbols are chafa's rows joined
    /// by newlines, each drawn after its own cursor move (CSI row;col H), as a newline would go to
    /// the screen's first column; a pixel picture is one sequence drawn from one cursor move.
    init(placing drawn: [UInt8], as graphics: TerminalGraphics, row: Int, column: Int, columns: Int, rows: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(drawn.count + 16 * rows)
        if graphics == .symbols {
            for (index, line) in drawn.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                bytes += Self.cursorMove(row: row + index, column: column)
                bytes += line
            }
        } else {
            bytes = Self.cursorMove(row: row, column: column) + drawn
        }
        self.bytes = bytes
        self.graphics = graphics
        self.columns = columns
        self.rows = rows
    }

    /// CSI row;column H, 1-based as the terminal counts.
    static func cursorMove(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }

    /// Bytes that take pictures of `graphics` off the screen where redrawing the text does not:
    /// kitty keeps its images above the text until told (delete every placement and its data);
    /// sixel and iTerm2 pictures are cells of the text and go with it.
    package static func erasing(_ graphics: TerminalGraphics) -> [UInt8] {
        graphics == .kitty ? Array("\u{1B}_Ga=d,d=A\u{1B}\\".utf8) : []
    }
}
