import TerminalView

/// Fits text into terminal columns, measured in display width (``DisplayWidth``): a CJK
/// character or an emoji takes two columns, a combining mark none.
enum TextFitting {
    /// `text` cut to `width` columns, ending in "…" when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        return prefix(text, columns: width - 1) + "…"
    }

    /// `text` cut from the front, keeping the end (a file name) visible: "…/Samples/harbor.jpg".
    static func truncateFront(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        // A path of printable ASCII (the usual one): its last bytes, not its characters walked backwards.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return "…" + String(decoding: text.utf8.suffix(width - 1), as: UTF8.self)
        }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return "…" + String(kept.reversed())
    }

    /// `text` padded with spaces to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        let columns = DisplayWidth.of(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }

    /// The longest start of `text` that fits in `columns` (a wide character that would
    /// straddle the edge is left out).
    static func prefix(_ text: String, columns: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let width = DisplayWidth.of(character)
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result
    }

    /// Cuts text that may hold ANSI colour codes to `width` columns, counting only what shows.
    static func truncateVisible(_ text: String, to width: Int) -> String {
        var visible = 0
        var output = ""
        var inEscape = false
        var cut = false
        for character in text {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                output.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            let columns = DisplayWidth.of(character)
            if visible + columns > width {
                cut = true
                break
            }
            output.append(character)
            visible += columns
        }
        return cut && output.contains("\u{1B}") ? output + "\u{1B}[0m" : output
    }
}
