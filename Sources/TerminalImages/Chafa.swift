import CChafa
import Glibc

/// chafa, the library that turns pixels into terminal bytes (see CChafa.h): loading, the terminal's
/// capabilities, drawing. Blocking work (loading; drawing): callers run it on ``BlockingExecutor``.
enum Chafa {
    /// Loads chafa (once a process), or says why it cannot be.
    static func load() throws(TerminalImageError) {
        guard vf_chafa_load() == 0 else { return }
        let reason = vf_chafa_load_error().map { String(cString: $0) } ?? "libchafa.so.0"
        throw TerminalImageError(.libraryMissing, "chafa (\(reason))")
    }

    /// What chafa's terminal database says of the terminal `environment` describes.
    static func detect(_ environment: [String]) -> (TerminalGraphics, SymbolColors)? {
        var pixelMode = VF_CHAFA_SYMBOLS
        var canvasMode = VF_CHAFA_FGBG
        let found = withCStrings(environment) { vf_chafa_detect($0, &pixelMode, &canvasMode) }
        guard found != 0 else { return nil }
        return (TerminalGraphics(pixelMode), SymbolColors(canvasMode))
    }

    /// chafa's bytes for `picture` fitted into `columns` × `rows` cells, and the cells they cover.
    static func draw(
        _ picture: DecodedPicture, as graphics: TerminalGraphics, colors: SymbolColors, columns: Int, rows: Int,
        cell: CellSize, environment: [String]
    ) throws(TerminalImageError) -> (bytes: [UInt8], columns: Int, rows: Int) {
        var options = vf_chafa_options(
            pixel_mode: graphics.pixelMode, canvas_mode: colors.canvasMode, columns: Int32(clamping: columns),
            rows: Int32(clamping: rows), cell_width: Int32(clamping: cell.width),
            cell_height: Int32(clamping: cell.height))
        var length = 0
        var usedColumns: Int32 = 0
        var usedRows: Int32 = 0
        let drawn = picture.withPixels { pixels in
            withCStrings(environment) { environment in
                vf_chafa_draw(
                    pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(picture.width),
                    Int32(picture.height), Int32(picture.stride), &options, environment, &length, &usedColumns,
                    &usedRows)
            }
        }
        guard let drawn else { throw TerminalImageError(.noResources, "chafa drew nothing") }
        defer { free(drawn) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: drawn, count: length))
        return (bytes, Int(usedColumns), Int(usedRows))
    }

    /// Calls `body` with `strings` as a NULL-terminated C array (an `envp`).
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T)
        -> T
    {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension TerminalGraphics {
    init(_ mode: vf_chafa_pixel_mode) {
        switch mode {
        case VF_CHAFA_KITTY: self = .kitty
        case VF_CHAFA_ITERM2: self = .iterm2
        case VF_CHAFA_SIXELS: self = .sixel
        default: self = .symbols
        }
    }

    var pixelMode: vf_chafa_pixel_mode {
        switch self {
        case .kitty: VF_CHAFA_KITTY
        case .iterm2: VF_CHAFA_ITERM2
        case .sixel: VF_CHAFA_SIXELS
        case .symbols: VF_CHAFA_SYMBOLS
        }
    }
}
