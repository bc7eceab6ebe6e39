/// Fits text into terminal columns.
enum TextFitting {
    /// `text` cut to `width` characters, ending in "…" when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }

    /// `text` cut from the front, keeping the end (a file name) visible: "…/Samples/harbor.jpg".
    static func truncateFront(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return "…" + String(text.suffix(width - 1))
    }

    /// `text` padded with spaces to `width` characters.
    static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Cuts text that may hold ANSI colour codes, counting only visible characters.
    static func truncateVisible(_ text: String, to width: Int) -> String {
        var visible = 0
        var output = ""
        var inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                output.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            if visible == width { return output + "\u{1B}[0m" }
            output.append(character)
            visible += 1
        }
        return output
    }
}
