import ProviderKit

/// Pictures for one terminal: which protocol it speaks and its cell size, found once; then the
/// bytes that draw an encoded photo in a box of cells, to be written over the screen as they are.
///
/// The protocol comes from chafa's own terminal database (kitty's graphics protocol, iTerm2's
/// inline images, sixels, else Unicode block symbols in colour), and can be forced. Decoding,
/// scaling and drawing run on ``BlockingExecutor/shared``, never on Swift's cooperative pool.
package struct TerminalPictures: Sendable {
    /// How pictures are drawn.
    package let graphics: TerminalGraphics
    /// The colours of block symbols (``TerminalGraphics/symbols``), `none` under `NO_COLOR`.
    package let colors: SymbolColors
    /// One cell's size in pixels, which sizes pixel protocols' pictures.
    package let cellSize: CellSize
    /// The most pixels a picture may declare; more is refused without decoding.
    package let pixelLimit: Int
    /// The environment chafa reads the terminal's capabilities from, as `NAME=value`.
    private let environment: [String]
    /// Why nothing can be drawn (chafa missing), or `nil`.
    package let unavailable: TerminalImageError?

    /// Finds how the terminal `environment` describes draws pictures (loading chafa, off the
    /// cooperative pool): `forced` overrides the protocol, `cellSize` the terminal's own report
    /// (TIOCGWINSZ on standard output; ``CellSize/fallback`` when it gives no pixels).
    package init(
        environment: [String: String], forced: TerminalGraphics? = nil, cellSize: CellSize? = nil,
        pixelLimit: Int = PictureDecoder.defaultPixelLimit
    ) async {
        let entries = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let detected: Result<(TerminalGraphics, SymbolColors), TerminalImageError>
        do {
            detected = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
                Result { () throws(TerminalImageError) in
                    try Chafa.load()
                    return Chafa.detect(entries) ?? (.symbols, .indexed240)
                }
            }
        } catch {
            detected = .failure(TerminalImageError(.noResources, "\(error)"))
        }
        let (graphics, colors) = (try? detected.get()) ?? (.symbols, .indexed240)
        self.graphics = forced ?? graphics
        // NO_COLOR (https://no-color.org): set and not empty.
        self.colors = environment["NO_COLOR", default: ""].isEmpty ? colors : .none
        self.cellSize = cellSize ?? CellSize.ofTerminal() ?? .fallback
        self.pixelLimit = pixelLimit
        self.environment = entries
        if case .failure(let error) = detected { unavailable = error } else { unavailable = nil }
    }

    /// Terminal bytes drawing `encoded` (JPEG, PNG, WebP, HEIC, AVIF) within `columns` × `rows`
    /// cells with its top-left cell at (`row`, `column`), counted from 0, aspect kept, turned as
    /// EXIF `orientation` (1–8) says (see ``PictureDecoder/decode(_:fittingInto:orientation:pixelLimit:)``);
    /// `nil` when it cannot be drawn (see ``draw(_:orientation:row:column:columns:rows:)`` for why).
    package func drawing(
        of encoded: [UInt8], orientation: Int = 1, row: Int, column: Int, columns: Int, rows: Int
    ) async -> [UInt8]? {
        try? await draw(encoded, orientation: orientation, row: row, column: column, columns: columns, rows: rows)
            .bytes
    }

    /// As ``drawing(of:orientation:row:column:columns:rows:)``, with the cells the picture covers,
    /// or the reason it cannot be drawn.
    package func draw(_ encoded: [UInt8], orientation: Int = 1, row: Int, column: Int, columns: Int, rows: Int)
        async throws(TerminalImageError) -> TerminalDrawing
    {
        if let unavailable { throw unavailable }
        guard row >= 0, column >= 0, columns > 0, rows > 0, columns <= 10_000, rows <= 10_000 else {
            throw TerminalImageError(.noResources, "a box of \(columns)×\(rows) cells at \(row), \(column)")
        }
        let (graphics, colors, cell, limit, environment) = (graphics, colors, cellSize, pixelLimit, environment)
        // Symbols are sampled from 8×8 pixels a cell; pixel protocols use the cell's own pixels.
        let box = (
            width: columns * (graphics == .symbols ? 8 : max(cell.width, 1)),
            height: rows * (graphics == .symbols ? 8 : max(cell.height, 1))
        )
        let result: Result<(bytes: [UInt8], columns: Int, rows: Int), TerminalImageError>
        do {
            // A caller that is cancelled (the selection moved on) stops waiting at once; the work
            // then skips chafa's part if the decode is still under way.
            result = try await BlockingExecutor.shared.run { cancelled in
                Result { () throws(TerminalImageError) in
                    let picture = try PictureDecoder.decode(
                        encoded, fittingInto: box, orientation: orientation, pixelLimit: limit)
                    if cancelled.isSet { throw TerminalImageError(.noResources, "cancelled") }
                    return try Chafa.draw(
                        picture, as: graphics, colors: colors, columns: columns, rows: rows, cell: cell,
                        environment: environment)
                }
            }
        } catch {
            throw TerminalImageError(.noResources, "\(error)")
        }
        let drawn = try result.get()
        return TerminalDrawing(
            placing: drawn.bytes, as: graphics, row: row, column: column, columns: drawn.columns, rows: drawn.rows)
    }
}
