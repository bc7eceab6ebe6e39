import CCurses

#if canImport(Glibc)
    import Glibc
#endif

/// A picture's drawing for the screen: the slot it was made for (``BrowseFrame/pictureSlot``),
/// its bytes, the bytes that take it off the screen again, and a number telling one drawing for
/// the slot from the next (the full-screen view's larger picture replaces its first).
struct ScreenPicture: Sendable {
    let key: String
    let bytes: [UInt8]
    let erasing: [UInt8]
    let serial: Int
}

/// Sends frames to ncurses on the terminal's thread: each run of one style in one call, text
/// outside a UTF-8 locale as `?` (one per column, so columns stay where the grid put them), and
/// a picture's bytes after the refresh, over the area the frame left blank.
struct Painter {
    let unicode: Bool
    /// Where bytes for the terminal go: standard output (a test's buffer).
    let output: @Sendable ([UInt8]) -> Void
    /// The picture on the screen, if any: when it leaves, the screen is redrawn whole.
    private var pictureShown: ScreenPicture?
    /// The cells last painted.
    private var lastGrid: CellGrid?

    init(unicode: Bool, output: @escaping @Sendable ([UInt8]) -> Void = Painter.writeAll) {
        self.unicode = unicode
        self.output = output
    }

    /// After a resume: the terminal shows nothing of ours.
    mutating func forget() {
        pictureShown = nil
        lastGrid = nil
    }

    /// Before the screen is given back (suspend, quit): takes the picture off, where the text's
    /// going does not take it (a kitty image would stay over the shell).
    mutating func takeDownPicture() {
        if let shown = pictureShown, !shown.erasing.isEmpty { output(shown.erasing) }
        pictureShown = nil
    }

    mutating func paint(_ frame: BrowseFrame, picture: ScreenPicture?) {
        vf_curses_erase()
        var text: [wchar_t] = []
        for row in 0..<frame.grid.rows {
            for run in frame.grid.runs(in: row) {
                text.removeAll(keepingCapacity: true)
                for character in run.text {
                    if unicode {
                        for scalar in character.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
                    } else if character.isASCII {
                        text.append(wchar_t(character.asciiValue ?? 63))
                    } else if let fallback = Self.asciiFallback[character] {
                        text.append(wchar_t(fallback.asciiValue ?? 63))
                    } else {
                        for _ in 0..<max(1, DisplayWidth.of(character)) { text.append(63) }
                    }
                }
                vf_curses_put(Int32(row), Int32(run.column), text, Int32(text.count), run.style.rawValue)
            }
        }
        let drawn = picture.flatMap { $0.key == frame.pictureSlot ? $0 : nil }
        // The picture shown leaves (another photo, no picture, a larger drawing of the same):
        // ncurses would only rewrite the cells it thinks changed, and the picture's cells it
        // thinks blank, so the whole screen is redrawn (sixel and iTerm2 pictures are cells of
        // the text and go with it), and kitty's images, which float above the text, are deleted.
        // The text changing under a picture is drawn on a cleared screen too: ncurses moves rows
        // with scrolling regions when a list's rows shift, and would take the picture's rows along.
        let leaving = pictureShown.flatMap { $0.key != drawn?.key || $0.serial != drawn?.serial ? $0 : nil }
        if leaving != nil || (pictureShown != nil && lastGrid != frame.grid) { vf_curses_invalidate() }
        lastGrid = frame.grid
        if let cursor = frame.cursor {
            vf_curses_cursor(Int32(cursor.row), Int32(cursor.column), 1)
        } else {
            vf_curses_cursor(0, 0, 0)
        }
        // With a picture, the cleared screen, the text and the picture are one update for the
        // terminals that can hold one back (synchronized output, mode 2026), so none flickers;
        // other terminals ignore the mode.
        let synchronized = pictureShown != nil || drawn != nil
        if synchronized { output(Self.beginUpdate) }
        vf_curses_refresh()
        var bytes = leaving?.erasing ?? []
        if let drawn {
            // Saved and restored around the picture (DECSC/DECRC: position and colours), so the
            // terminal's cursor is where ncurses left it: ncurses moves relative to that, and a
            // status line written after a picture would otherwise land in the wrong place.
            bytes += Self.saveCursor + drawn.bytes + Self.restoreCursor
        }
        if synchronized { bytes += Self.endUpdate }
        if !bytes.isEmpty { output(bytes) }
        pictureShown = drawn
    }

    /// The screen's own symbols as one ASCII column each outside a UTF-8 locale, so chips, hints
    /// and frames still read (text from sources shows as `?`).
    static let asciiFallback: [Character: Character] = [
        "✓": "+", "✗": "x", "–": "-", "◐": "~", "…": ".", "·": "|", "↑": "^", "↓": "v", "←": "<", "→": ">",
        "×": "x", "┌": "+", "┐": "+", "└": "+", "┘": "+", "─": "-", "│": "|",
    ]

    static let saveCursor: [UInt8] = [0x1B, 0x37]
    static let restoreCursor: [UInt8] = [0x1B, 0x38]
    static let beginUpdate = Array("\u{1B}[?2026h".utf8)
    static let endUpdate = Array("\u{1B}[?2026l".utf8)

    /// Writes all of `bytes` to standard output (the terminal), retrying short writes.
    @Sendable static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
