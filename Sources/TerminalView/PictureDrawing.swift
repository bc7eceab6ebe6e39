/// Turns an image file's bytes into the bytes that draw it on this terminal (kitty, iTerm2,
/// sixel or block art): the seam between the screen and a picture renderer.
package protocol PictureDrawing: Sendable {
    /// Whether this drawer can draw at all; the screen fetches no image for one that cannot.
    var drawsPictures: Bool { get }

    /// Bytes that take this drawer's pictures off the screen where repainting the text does not
    /// (kitty keeps its images above the text until told); written when a picture leaves.
    var erasing: [UInt8] { get }

    /// Terminal bytes that draw `encoded` (a JPEG/PNG/WebP/HEIC file's bytes) within `columns`×`rows`
    /// cells with its top-left cell at (row, column), 0-based, turned as EXIF `orientation` (1–8,
    /// the photo's) says; throws when it cannot be drawn.
    func drawing(of encoded: [UInt8], orientation: Int, row: Int, column: Int, columns: Int, rows: Int)
        async throws(PictureNotDrawn) -> [UInt8]
}

/// A picture that could not be drawn, with what the user can do about it when there is
/// something (a decoder's package to install), for the status line.
package struct PictureNotDrawn: Error, Sendable {
    package let advice: String?

    package init(advice: String? = nil) { self.advice = advice }
}

/// The text-only drawer: no picture, so the preview shows the details and a dim frame.
package struct NoPictures: PictureDrawing {
    package init() {}

    package var drawsPictures: Bool { false }

    package var erasing: [UInt8] { [] }

    package func drawing(of encoded: [UInt8], orientation: Int, row: Int, column: Int, columns: Int, rows: Int)
        async throws(PictureNotDrawn) -> [UInt8]
    {
        throw PictureNotDrawn()
    }
}
