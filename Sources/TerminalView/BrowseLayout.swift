/// Where each part of `browse`'s screen goes for a terminal of a given size: the query line on
/// top, the providers' chips under it, the list, the preview beside the list on a wide terminal
/// or below it on a tall one (left out first when narrow, under 60 columns), the status line last.
package struct BrowseLayout: Sendable, Equatable {
    /// A rectangle of cells.
    package struct Box: Sendable, Equatable {
        package var row: Int
        package var column: Int
        package var rows: Int
        package var columns: Int
    }

    package let rows: Int
    package let columns: Int
    package let list: Box
    package let preview: Box?

    /// Narrower than this, the preview is left out.
    package static let previewMinimumColumns = 60
    /// From this width on, the preview goes beside the list.
    package static let besideMinimumColumns = 100

    package var queryRow: Int { 0 }
    package var chipsRow: Int { 1 }
    package var statusRow: Int { max(0, rows - 1) }

    /// The layout of a `rows` × `columns` terminal.
    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        let bodyRows = max(0, rows - 3)
        if columns >= Self.besideMinimumColumns, bodyRows >= 4 {
            let previewColumns = columns * 2 / 5
            list = Box(row: 2, column: 0, rows: bodyRows, columns: columns - previewColumns - 1)
            preview = Box(row: 2, column: columns - previewColumns, rows: bodyRows, columns: previewColumns)
        } else if columns >= Self.previewMinimumColumns, bodyRows >= 16 {
            let previewRows = bodyRows / 2
            list = Box(row: 2, column: 0, rows: bodyRows - previewRows - 1, columns: columns)
            preview = Box(row: 2 + bodyRows - previewRows, column: 0, rows: previewRows, columns: columns)
        } else {
            list = Box(row: 2, column: 0, rows: bodyRows, columns: columns)
            preview = nil
        }
    }
}
