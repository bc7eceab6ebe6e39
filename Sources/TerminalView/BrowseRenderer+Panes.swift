import ProviderKit

extension BrowseRenderer {
    /// The details of `item` in `box`, then the picture area below them.
    static func drawPreview(_ item: BrowseItem, in box: BrowseLayout.Box, pictures: Bool, into frame: inout BrowseFrame)
    {
        var row = box.row
        let end = box.row + box.rows
        for (text, style) in details(item, width: box.columns) where row < end {
            frame.grid.put(text, row: row, column: box.column, width: box.columns, style: style)
            row += 1
        }
        drawPicture(
            item, in: .init(row: row + 1, column: box.column, rows: end - row - 1, columns: box.columns),
            pictures: pictures, into: &frame)
    }

    /// Title, author, size and date, place, licence, provider, and the credit line wrapped.
    static func details(_ item: BrowseItem, width: Int) -> [(String, CellGrid.Style)] {
        var lines: [(String, CellGrid.Style)] = [(item.title, .bold)]
        if !item.author.isEmpty { lines.append(("by " + item.author, [])) }
        let sizeAndDate = [item.dimensions, item.taken].filter { !$0.isEmpty }.joinedText(separator: " · ")
        if !sizeAndDate.isEmpty { lines.append((sizeAndDate, [])) }
        if !item.place.isEmpty { lines.append((item.place, [])) }
        lines.append((item.license.isEmpty ? "licence not given" : item.license, item.license.isEmpty ? .dim : .cyan))
        lines.append(("from " + item.provider, .dim))
        if !item.credit.isEmpty {
            lines += wrap(item.credit, width: width, lines: 4).map { ($0, CellGrid.Style.dim) }
        }
        return lines
    }

    /// The picture area: blank for the picture when one will be drawn, else a dim frame.
    static func drawPicture(_ item: BrowseItem, in box: BrowseLayout.Box, pictures: Bool, into frame: inout BrowseFrame)
    {
        guard box.rows >= 3, box.columns >= 8 else { return }
        if pictures {
            frame.picture = box
            frame.pictureKey = item.key
            return
        }
        let inner = box.columns - 2
        frame.grid.put("┌" + String(repeating: "─", count: inner) + "┐", row: box.row, column: box.column, style: .dim)
        for row in (box.row + 1)..<(box.row + box.rows - 1) {
            frame.grid.put("│", row: row, column: box.column, style: .dim)
            frame.grid.put("│", row: row, column: box.column + box.columns - 1, style: .dim)
        }
        frame.grid.put(
            "└" + String(repeating: "─", count: inner) + "┘", row: box.row + box.rows - 1, column: box.column,
            style: .dim)
        let words = "no picture"
        frame.grid.put(
            words, row: box.row + box.rows / 2, column: box.column + max(1, (box.columns - words.count) / 2),
            width: inner, style: .dim)
    }

    /// The selected photo as large as the terminal allows, its details under it.
    static func drawPhoto(_ state: BrowseState, pictures: Bool, into frame: inout BrowseFrame) {
        guard let item = state.selection else { return }
        let grid = frame.grid
        let info = details(item, width: grid.columns)
        let infoRows = min(info.count, max(1, grid.rows / 3))
        let pictureRows = grid.rows - infoRows - 1
        drawPicture(
            item, in: .init(row: 0, column: 0, rows: pictureRows, columns: grid.columns), pictures: pictures,
            into: &frame)
        for (offset, line) in info.prefix(infoRows).enumerated() {
            frame.grid.put(line.0, row: pictureRows + offset, column: 0, style: line.1)
        }
        let hint = "← → photo \(state.selected + 1) of \(state.items.count) · o open · d download · c credit · Esc back"
        frame.grid.put(state.status.isEmpty ? hint : state.status, row: grid.rows - 1, column: 0, style: .dim)
    }

    /// Every key, in a table (`?`).
    static func drawKeys(into grid: inout CellGrid) {
        let keys: [(String, String)] = [
            ("↑ ↓ PgUp PgDn Home End", "move through the results"),
            ("Enter", "search (on the query line) · view the photo full-screen"),
            ("← →", "previous and next photo in the full-screen view"),
            ("Esc", "back to the list · from the list to the query line"),
            ("/ or Tab", "edit the query (←/→, Home/End, Ctrl-A/E/U/W, ↑/↓ recent)"),
            ("Space", "mark or unmark a photo"),
            ("d", "download the marked photos, else the selected one"),
            ("o", "open the photo's page"),
            ("c", "copy the credit line (OSC 52)"),
            ("f", "filters: licence, orientation, size, dates, near"),
            ("p", "the providers' popular photos"),
            ("q  Ctrl-C", "quit"),
        ]
        grid.put("Keys", row: 0, column: 1, style: .bold)
        for (offset, (key, meaning)) in keys.enumerated() where offset + 2 < grid.rows - 1 {
            grid.put(key, row: offset + 2, column: 1, width: 24, style: .bold)
            grid.put(meaning, row: offset + 2, column: 26)
        }
        grid.put("Any key to go back.", row: grid.rows - 1, column: 1, style: .dim)
    }

    /// One line per filter, the focused one with the cursor.
    static func drawFilters(_ state: BrowseState, into frame: inout BrowseFrame) {
        frame.grid.put("Filters", row: 0, column: 1, style: .bold)
        frame.grid.put(
            "↑↓ move · Enter search with these · Esc back", row: 0, column: 10, style: .dim)
        let form = state.filters
        for (index, key) in FilterForm.keys.enumerated() where index + 2 < frame.grid.rows {
            let row = index + 2
            let isFocused = index == form.focused
            frame.grid.put(key.rawValue, row: row, column: 1, width: 13, style: isFocused ? .bold : [])
            let fieldWidth = max(4, min(30, frame.grid.columns - 16))
            let (text, cursor) = visibleLine(form.fields[index], width: fieldWidth - 1)
            frame.grid.put(text, row: row, column: 15, width: fieldWidth)
            frame.grid.fill(row: row, column: 15, width: fieldWidth, style: .underline)
            frame.grid.put(FilterForm.hint(for: key), row: row, column: 16 + fieldWidth, style: .dim)
            if isFocused { frame.cursor = .init(row: row, column: 15 + cursor) }
        }
        if !state.status.isEmpty { frame.grid.put(state.status, row: frame.grid.rows - 1, column: 0) }
    }

    /// `text` in lines of at most `width` columns, broken between words, at most `lines` of them.
    static func wrap(_ text: String, width: Int, lines: Int) -> [String] {
        guard width > 4 else { return [] }
        var result: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                result.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { result.append(line) }
        if result.count > lines {
            result = Array(result.prefix(lines))
            result[lines - 1] += " …"
        }
        return result
    }
}
