/// Text from sources as the page shows it: the bidirectional controls (overrides, embeddings,
/// isolates and marks) become `�`, as on the terminal, so a reversed author name or a raw
/// U+202E in an error message cannot reorder what is around it. The style sheet also isolates
/// each piece of source text (`unicode-bidi: isolate`), for right-to-left text with no controls.
/// Control characters other than tab and line feed become `�` too: they mean nothing in HTML,
/// and a gallery written to standard output may land on a terminal, which would obey them.
package enum PageText {
    /// `text` with every bidirectional control and control character replaced by U+FFFD.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isReplaced) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isReplaced(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// A bidirectional control, or a C0 or C1 control character other than tab and line feed
    /// (ESC, BEL, CSI and the carriage return that would let text overwrite its line), or DEL.
    static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: isBidiControl(scalar)
        }
    }

    /// JSON text with every bidirectional control replaced, whether written as itself or as a
    /// `\u` escape (Viewfinder's JSON escapes them for terminals; the page's `JSON.parse` would
    /// turn the escape back into the control). An escaped backslash (`\\u202e`) is text, kept.
    package static func safeJSON(_ json: String) -> String {
        let text = safe(json)
        guard text.contains("\\u") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            result.append(scalar)
            guard scalar == "\\", let next = scalars.popFirst() else { continue }
            if next == "u", let code = UInt32(String(String.UnicodeScalarView(scalars.prefix(4))), radix: 16),
                scalars.count >= 4, let escaped = Unicode.Scalar(code), isBidiControl(escaped)
            {
                result.append(contentsOf: "ufffd".unicodeScalars)
                scalars.removeFirst(4)
            } else {
                result.append(next)  // `\\`, `\"`, `\n` or another escape: kept whole
            }
        }
        return String(result)
    }

    /// U+202A–U+202E, U+2066–U+2069, U+200E, U+200F and U+061C.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
