import Foundation
import ProviderKit
import SearchViewModel
import TerminalView

/// `--format table`: a live status line while the search runs, then the ranked rows fitted
/// to the terminal on standard output and one line per provider on standard error.
struct TableRenderer: SearchRenderer {
    let width: Int
    let style: Style
    /// Whether the table has a Why column (`--explain`), shown when the terminal is wide enough.
    var explain = false
    let statusLine: StatusLine?

    mutating func update(_ state: SearchState) {
        statusLine?.show(state)
    }

    mutating func finish(_ state: SearchState) {
        statusLine?.clear()
        let rows = state.results.map { PhotoRow($0) }
        if rows.isEmpty {
            let what =
                state.request?.query.map { "matching “\(TerminalText.sanitized($0))”" } ?? "in the popular feeds"
            Console.out("No photos found \(what).\n")
        } else {
            Console.out(table(rows, descriptions: state.results.map { $0.photo.description ?? "" }))
        }
        Console.err(providerSummary(state))
    }

    // MARK: - Results

    private struct Column {
        let header: String
        var values: [String]
        let minimum: Int
        let flexible: Bool
        let cutsFront: Bool
        var width: Int

        /// `longest`: no cell can be shown wider than the table, so longer values (a title of
        /// megabytes) are cut to it first, and fitting costs the same whatever a source sends.
        init(
            _ header: String, _ values: [String], longest: Int, minimum: Int = 0, flexible: Bool = false,
            cutsFront: Bool = false
        ) {
            self.header = header
            self.minimum = minimum
            self.flexible = flexible
            self.cutsFront = cutsFront
            let limit = max(longest, header.count) + 1  // one more, so a cut still ends in "…"
            self.values = values.map { value in
                let bounded = cutsFront ? String(value.suffix(limit)) : String(value.prefix(limit))
                return TerminalText.sanitized(bounded)  // text from outside: one safe line each
            }
            width = max(DisplayWidth.of(header), self.values.map { DisplayWidth.of($0) }.max() ?? 0)
        }
    }

    /// The table of `rows`; `descriptions` (one per row) get a column of their own when the
    /// terminal has room for it after every other column.
    func table(_ rows: [PhotoRow], descriptions: [String] = []) -> String {
        let longest = width
        let here = ProcessEnvironment.workingDirectory() + "/"  // once, not once a row
        var columns = [
            Column("#", rows.map { String($0.rank) }, longest: longest),
            Column("Title", rows.map(\.title), longest: longest, minimum: 12, flexible: true),
            Column("By", rows.map(\.author), longest: longest, minimum: 8, flexible: true),
            Column("Size", rows.map(\.dimensions), longest: longest),
            Column("Taken", rows.map(\.taken), longest: longest),
            Column("Source", rows.map(\.provider), longest: longest, minimum: 6, flexible: true),
            Column("Licence", rows.map(\.license), longest: longest, minimum: 9, flexible: true),
            Column("Place", rows.map(\.place), longest: longest, minimum: 10, flexible: true),
            Column(
                "Where", rows.map { $0.location.relative(below: here) }, longest: longest, minimum: 16,
                flexible: true, cutsFront: true),
        ]
        if explain {
            columns.insert(
                Column("Why", rows.map(\.why), longest: longest, minimum: 24, flexible: true), at: columns.count - 1)
        }
        columns = columns.filter { $0.values.contains { !$0.isEmpty } || $0.header == "Title" }
        fit(&columns)
        addDescriptions(descriptions, to: &columns, longest: longest)

        var lines = [
            columns.enumerated().map { index, column in
                style.bold(
                    index == columns.count - 1 ? column.header : TextFitting.pad(column.header, to: column.width))
            }.joinedText(separator: "  ")
        ]
        for row in rows.indices {
            let cells = columns.enumerated().map { index, column -> String in
                // Secrets hidden before the cell is cut: a key cut in two matches no more.
                let value = Console.redacted(column.values[row])
                let fitted =
                    column.cutsFront
                    ? TextFitting.truncateFront(value, to: column.width) : TextFitting.truncate(value, to: column.width)
                let padded = index == columns.count - 1 ? fitted : TextFitting.pad(fitted, to: column.width)
                return column.cutsFront ? style.dim(padded) : padded
            }
            lines.append(cells.joinedText(separator: "  "))
        }
        // The columns fit; a table narrower than even "#" and a short title is cut at the edge.
        return lines.map { TextFitting.truncateVisible($0, to: width) }.joinedText(separator: "\n") + "\n"
    }

    /// Fits the columns into the width: narrows the paths and drops the place when titles would
    /// otherwise be narrowed; then narrows the widest flexible column to its minimum,
    /// then drops optional columns (the licence first, then the Why column), then narrows flexible columns further,
    /// then drops the location and source, and last narrows the title to what is left.
    private func fit(_ columns: inout [Column]) {
        func total() -> Int { columns.map(\.width).reduce(0, +) + 2 * (columns.count - 1) }
        func narrow(downTo floor: (Column) -> Int) {
            while total() > width {
                let candidates = columns.indices.filter {
                    columns[$0].flexible && columns[$0].width > floor(columns[$0])
                }
                guard let widest = candidates.max(by: { columns[$0].width < columns[$1].width }) else { return }
                columns[widest].width -= 1
            }
        }
        func drop(_ headers: [String]) {
            for header in headers where total() > width {
                columns.removeAll { $0.header == header }
            }
        }
        // The place only when titles keep their whole width: paths give way first (they are cut
        // from the front), then the place goes.
        if total() > width, let path = columns.firstIndex(where: { $0.header == "Where" }) {
            let natural = columns[path].width
            columns[path].width = max(columns[path].minimum, natural - (total() - width))
            if total() > width {
                columns.removeAll { $0.header == "Place" }
                if let path = columns.firstIndex(where: { $0.header == "Where" }) { columns[path].width = natural }
            }
        } else {
            drop(["Place"])
        }
        narrow { $0.minimum }
        drop(["Licence", "Why", "Taken", "Size", "By"])
        narrow { $0.header == "Title" ? $0.minimum : min($0.minimum, 6) }
        drop(["Where", "Source"])
        narrow { _ in 1 }
    }

    /// The narrowest description column worth showing.
    static let minimumDescriptionWidth = 24

    /// Puts a Description column before Where when the table has room left for one.
    private func addDescriptions(_ descriptions: [String], to columns: inout [Column], longest: Int) {
        let used = columns.map(\.width).reduce(0, +) + 2 * columns.count
        let room = width - used
        guard room >= Self.minimumDescriptionWidth, descriptions.contains(where: { !$0.isEmpty }) else { return }
        var column = Column("Description", descriptions, longest: longest, flexible: true)
        column.width = min(column.width, room)
        columns.insert(column, at: columns.firstIndex { $0.header == "Where" } ?? columns.endIndex)
    }

    // MARK: - Providers

    func providerSummary(_ state: SearchState) -> String {
        state.providers.map { status -> String in
            let row = ProviderStatusRow(status)
            let mark: String
            switch status.phase {
            case .ok: mark = style.green("✓")
            case .failed: mark = style.red("✗")
            case .timedOut: mark = style.yellow("⏱")
            case .skipped, .cancelled, .running: mark = style.dim("–")
            }
            let detail = row.detail.isEmpty ? "" : ": \(TerminalText.sanitized(row.detail))"
            let filters = row.filters.isEmpty ? "" : style.dim(" · " + row.filters)
            let note = row.note.isEmpty ? "" : " · " + TerminalText.sanitized(row.note)
            return "\(mark) \(TerminalText.sanitized(row.name)) \(row.phase)\(detail)\(filters)\(note)\n"
        }.joinedText()
    }
}
