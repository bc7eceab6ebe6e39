import TerminalImages
import TerminalView

/// The picture renderer `browse` draws with: chafa's protocols through ``TerminalPictures``.
struct ChafaPictureDrawer: PictureDrawing {
    let pictures: TerminalPictures

    /// Whether chafa could be loaded; without it the preview shows its details only.
    var drawsPictures: Bool { pictures.unavailable == nil }

    /// The bytes that take this terminal's pictures off the screen where a repaint of the text
    /// does not (kitty's images).
    var erasing: [UInt8] { TerminalDrawing.erasing(pictures.graphics) }

    /// The picture's bytes, after those that take the last kitty picture off the screen (kitty
    /// keeps its images above the text until told; other protocols' pictures go with the text).
    func drawing(of encoded: [UInt8], orientation: Int, row: Int, column: Int, columns: Int, rows: Int)
        async throws(PictureNotDrawn) -> [UInt8]
    {
        do {
            let drawn = try await pictures.draw(
                encoded, orientation: orientation, row: row, column: column, columns: columns, rows: rows)
            return erasing + drawn.bytes
        } catch {
            throw PictureNotDrawn(advice: error.advice)
        }
    }
}
