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
}
