/// A screen's worth of cells: what one frame shows, built by ``BrowseRenderer`` and drawn by
/// ``CursesScreen``; testable without a terminal (``lines``).
package struct CellGrid: Sendable, Equatable {
    /// How a cell looks: bits of ``bold``, ``dim``, ``reverse``, ``underline`` and a colour.
    package struct Style: OptionSet, Sendable, Hashable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        package static let bold = Style(rawValue: 1)
        package static let dim = Style(rawValue: 2)
        package static let reverse = Style(rawValue: 4)
        package static let underline = Style(rawValue: 8)
        package static let red = Style(rawValue: 1 << 4)
        package static let green = Style(rawValue: 2 << 4)
        package static let yellow = Style(rawValue: 3 << 4)
        package static let blue = Style(rawValue: 4 << 4)
        package static let cyan = Style(rawValue: 6 << 4)
    }

    /// One cell: a character (a space when empty) or the right half of a wide one before it.
    package struct Cell: Sendable, Equatable {
        package var character: Character
        package var style: Style
        /// The second column of a two-column character: drawn by its left neighbour.
        package var isContinuation: Bool

        package static let blank = Cell(character: " ", style: [], isContinuation: false)
    }

    package let rows: Int
    package let columns: Int
    package private(set) var cells: [Cell]

    /// A blank grid of `rows` × `columns`.
    package init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    package subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    /// Writes `text` at (row, column) in at most `width` columns (to the grid's edge when nil),
    /// ending in "…" when it does not fit; returns the column after the last one written.
    /// Wide characters take two cells; one that would straddle the end is left out.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, width: Int? = nil, style: Style = []) -> Int {
        guard row >= 0, row < rows, column >= 0, column < columns else { return column }
        let end = min(columns, column + (width ?? columns))
        guard end > column else { return column }
        let fits = DisplayWidth.of(text) <= end - column
        let limit = fits ? end : end - 1
        var position = column
        for character in text {
            let size = DisplayWidth.of(character)
            if size == 0 { continue }
            if position + size > limit { break }
            cells[row * columns + position] = Cell(character: character, style: style, isContinuation: false)
            if size == 2 {
                cells[row * columns + position + 1] = Cell(character: " ", style: style, isContinuation: true)
            }
            position += size
        }
        if !fits, position < end {
            cells[row * columns + position] = Cell(character: "…", style: style, isContinuation: false)
            position += 1
        }
        return position
    }

    /// Gives the cells of `row` from `column` for `width` columns the style `style` (a bar, a selection).
    package mutating func fill(row: Int, column: Int = 0, width: Int? = nil, style: Style) {
        guard row >= 0, row < rows else { return }
        let start = max(0, column)
        let end = min(columns, column + (width ?? columns))
        guard start < end else { return }
        for index in start..<end { cells[row * columns + index].style = style }
    }

    /// The text of each row, trailing spaces kept, continuation cells left out (what a terminal shows).
    package var lines: [String] {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<columns where !self[row, column].isContinuation {
                line.append(self[row, column].character)
            }
            return line
        }
    }

    /// Runs of cells of one style on `row`: what the drawing layer sends in one call each.
    package func runs(in row: Int) -> [(column: Int, text: String, style: Style)] {
        var result: [(column: Int, text: String, style: Style)] = []
        var start = 0
        var text = ""
        var style: Style?
        for column in 0..<columns {
            let cell = self[row, column]
            if cell.isContinuation { continue }
            if cell.style != style {
                if let style, !text.isEmpty { result.append((start, text, style)) }
                start = column
                text = ""
                style = cell.style
            }
            text.append(cell.character)
        }
        if let style, !text.isEmpty { result.append((start, text, style)) }
        return result
    }
}
