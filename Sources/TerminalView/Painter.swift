import CCurses

#if canImport(Glibc)
    import Glibc
#endif

/// Sends frames to ncurses on the terminal's thread: each run of one style in one call, text
/// outside a UTF-8 locale as `?` (one per column, so columns stay where the grid put them), and
/// a picture's bytes after the refresh, over the area the frame left blank.
struct Painter {
    let unicode: Bool
    /// The photo whose picture is on the screen, if any: a different one needs a full redraw.
    private var pictureShown: String?
    /// The cells last painted.
    private var lastGrid: CellGrid?

    init(unicode: Bool) {
        self.unicode = unicode
    }

    /// After a resume: the terminal shows nothing of ours.
    mutating func forget() {
        pictureShown = nil
        lastGrid = nil
    }

    mutating func paint(_ frame: BrowseFrame, picture: (key: String, bytes: [UInt8])?) {
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
        // ncurses believes a picture's cells blank, and moves rows (scrolling regions) to update
        // a list whose rows shifted, taking the picture's rows with them where they stay: with a
        // picture on the screen, changed text is drawn on a cleared screen.
        if pictureShown != nil, pictureShown != drawn?.key || lastGrid != frame.grid { vf_curses_invalidate() }
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
        if synchronized { Self.writeAll(Self.beginUpdate) }
        vf_curses_refresh()
        if let drawn {
            // Saved and restored around the picture (DECSC/DECRC: position and colours), so the
            // terminal's cursor is where ncurses left it: ncurses moves relative to that, and a
            // status line written after a picture would otherwise land in the wrong place.
            Self.writeAll(Self.saveCursor + drawn.bytes + Self.restoreCursor)
        }
        if synchronized { Self.writeAll(Self.endUpdate) }
        pictureShown = drawn?.key
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
    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
