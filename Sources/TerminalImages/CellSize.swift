import Glibc

/// One character cell's size in pixels, which pixel protocols need to size a picture in cells.
package struct CellSize: Sendable, Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What most terminal fonts come to (a cell twice as tall as wide) when the terminal does not say.
    package static let fallback = CellSize(width: 10, height: 20)

    /// The cell size the terminal on `descriptor` reports (TIOCGWINSZ's pixel fields divided by its
    /// cells), or `nil` when it is no terminal or leaves the pixel fields at zero, as many do.
    package static func ofTerminal(_ descriptor: Int32 = STDOUT_FILENO) -> CellSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
        else { return nil }
        return CellSize(
            width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
