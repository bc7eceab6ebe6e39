import SearchViewModel

/// Draws a ``BrowseState`` into a ``BrowseFrame``: a pure function of the state, so every
/// screen can be checked without a terminal. It only places words the row and status
/// view-models made (``BrowseItem``, ``ProviderStatusRow``).
package enum BrowseRenderer {
    /// The frame for `state`; `pictures` says whether a picture will be drawn in the picture
    /// area (otherwise the area shows a dim "no picture" frame).
    package static func render(_ state: BrowseState, pictures: Bool = false) -> BrowseFrame {
        let layout = state.layout
        var frame = BrowseFrame(grid: CellGrid(rows: layout.rows, columns: layout.columns))
        guard layout.rows >= 3, layout.columns >= 10 else {
            frame.grid.put("Too small", row: 0, column: 0)
            return frame
        }
        switch state.mode {
        case .list:
            drawQuery(state, into: &frame)
            drawChips(state.chips, into: &frame.grid, row: layout.chipsRow)
            drawList(state, into: &frame.grid)
            if let box = layout.preview, let item = state.selection {
                drawPreview(item, in: box, pictures: pictures, into: &frame)
            }
            drawStatus(state, into: &frame.grid)
        case .photo:
            drawPhoto(state, pictures: pictures, into: &frame)
        case .keys:
            drawKeys(into: &frame.grid)
        case .filters:
            drawFilters(state, into: &frame)
        }
        return frame
    }

    private static let prompt = "Search: "

    private static func drawQuery(_ state: BrowseState, into frame: inout BrowseFrame) {
        let columns = frame.grid.columns
        frame.grid.put(prompt, row: 0, column: 0, style: .bold)
        let start = DisplayWidth.of(prompt)
        let (text, cursor) = visibleLine(state.query, width: columns - start - 1)
        frame.grid.put(text, row: 0, column: start, width: columns - start)
        if text.isEmpty, state.shown != nil, state.focus == .list {
            frame.grid.put("popular photos", row: 0, column: start, style: .dim)
        }
        if state.focus == .query { frame.cursor = .init(row: 0, column: start + cursor) }
    }

    /// The part of `line` that fits `width` columns with the cursor in view, and the cursor's column in it.
    static func visibleLine(_ line: QueryLine, width: Int) -> (String, Int) {
        var first = 0
        let characters = line.text
        func span(_ range: Range<Int>) -> Int { characters[range].reduce(0) { $0 + DisplayWidth.of($1) } }
        while first < line.cursor, span(first..<line.cursor) > max(1, width) { first += 1 }
        return (TerminalText.sanitized(String(characters[first...])), span(first..<line.cursor))
    }

    /// One chip per provider: "✓ openverse 12 photos in 140 ms", "✗ flickr failed: …". When
    /// the line is too narrow for every chip in full, each says less ("✓ openverse 12 photos",
    /// then "✓ openverse", then a shortened name) so that no provider drops off the line.
    static func drawChips(_ chips: [ProviderStatusRow], into grid: inout CellGrid, row: Int) {
        guard !chips.isEmpty else { return }
        let gap = 2
        var texts: [ChipText] = []
        for level in ChipLevel.allCases {
            texts = chips.map { ChipText($0, level: level) }
            // In full, the last chip's words may run to the edge: its name must fit.
            let widths = texts.indices.map {
                level == .full && $0 == texts.count - 1 ? texts[$0].headWidth : texts[$0].width
            }
            if widths.reduce(0, +) + gap * (texts.count - 1) <= grid.columns { break }
            if level == .symbols {
                // Each name shortened to an equal share of the line, at least one letter.
                let share = (grid.columns - gap * (texts.count - 1)) / texts.count - 2
                texts = texts.map { $0.shortened(to: max(1, share)) }
            }
        }
        var column = 0
        for (index, text) in texts.enumerated() {
            guard column + text.headWidth <= grid.columns else {
                grid.put("+\(texts.count - index)", row: row, column: max(0, grid.columns - 4), style: .dim)
                break
            }
            column = grid.put(text.symbol + " ", row: row, column: column, style: text.style)
            column = grid.put(text.name, row: row, column: column, style: .bold)
            // Each chip's words within 44 columns, but the last one's (a failure's reason) to the edge.
            let width = index == texts.count - 1 ? nil : 44
            if !text.words.isEmpty {
                column = grid.put(" " + text.words, row: row, column: column, width: width, style: .dim)
            }
            column += gap
        }
    }

    private static func drawList(_ state: BrowseState, into grid: inout CellGrid) {
        let box = state.layout.list
        guard box.rows > 0 else { return }
        if state.items.isEmpty {
            let message =
                state.shown == nil
                ? "Type what to look for and press Enter (↑ for recent searches)."
                : state.isSearching ? "Searching…" : "No photos found."
            grid.put(message, row: box.row, column: 1, width: box.columns - 1, style: .dim)
            return
        }
        let showAuthor = box.columns >= 70
        let showSize = box.columns >= 56
        let providerWidth = box.columns >= 48 ? 12 : 0
        for offset in 0..<box.rows {
            let index = state.top + offset
            guard index < state.items.count else { break }
            let item = state.items[index]
            let row = box.row + offset
            let isSelected = index == state.selected
            let mark = state.marked.contains(item.key) ? "*" : " "
            grid.put(mark, row: row, column: box.column, style: .yellow)
            var right = box.column + box.columns
            if providerWidth > 0 {
                right -= providerWidth
                grid.put(item.provider, row: row, column: right + 1, width: providerWidth - 1, style: .dim)
            }
            if showSize {
                right -= 11
                grid.put(item.dimensions, row: row, column: right + 1, width: 10, style: .dim)
            }
            if showAuthor {
                right -= 20
                grid.put(item.author, row: row, column: right + 1, width: 19)
            }
            grid.put(item.title, row: row, column: box.column + 2, width: right - box.column - 2)
            if isSelected {
                grid.fill(
                    row: row, column: box.column + 1, width: box.columns - 1,
                    style: state.focus == .list ? .reverse : .underline)
            }
        }
    }

    private static func drawStatus(_ state: BrowseState, into grid: inout CellGrid) {
        let row = state.layout.statusRow
        var right = ""
        if !state.items.isEmpty { right = "\(state.selected + 1)/\(state.items.count)" }
        if state.isSearching { right = "searching… " + right }
        if !state.marked.isEmpty { right = "\(state.marked.count) marked  " + right }
        if !state.filterSummary.isEmpty { right = state.filterSummary + "  " + right }
        let rightWidth = min(DisplayWidth.of(right), grid.columns / 2)
        let left =
            !state.status.isEmpty
            ? state.status
            : state.focus == .query
                ? "Enter search · ↑↓ recent · Tab list · Ctrl-C quit"
                : "↑↓ move · Enter view · Space mark · d download · o open · c credit · f filters · p popular · / search · ? keys · q quit"
        grid.put(
            left, row: row, column: 0, width: grid.columns - rightWidth - 1, style: state.status.isEmpty ? .dim : [])
        grid.put(right, row: row, column: grid.columns - rightWidth, width: rightWidth, style: .bold)
    }
}
