/// One frame of `browse`'s screen: the cells, where the cursor shows (on the query line or a
/// filter's line), and the area left blank for a picture, if any.
package struct BrowseFrame: Sendable, Equatable {
    /// A cell position.
    package struct Position: Sendable, Equatable {
        package var row: Int
        package var column: Int
    }

    package var grid: CellGrid
    package var cursor: Position?
    /// Where the selected photo's picture goes (blank in ``grid``), and which photo it is.
    package var picture: BrowseLayout.Box?
    package var pictureKey: String?

    /// The photo and the box together: a drawing made for the preview is not shown in the
    /// full-screen view's larger box, nor one made for another terminal size.
    package var pictureSlot: String? {
        guard let pictureKey, let box = picture else { return nil }
        return "\(pictureKey) \(box.row),\(box.column) \(box.columns)×\(box.rows)"
    }
}
