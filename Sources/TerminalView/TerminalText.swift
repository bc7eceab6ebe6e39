import ProviderKit

/// Makes text from outside (titles, authors, file names, metadata, error messages) safe to
/// print on a terminal: no control character can move the cursor, clear the screen, set the
/// window title or break a table row.
///
/// JSON output keeps the text as it is; the JSON encoder escapes it.
package enum TerminalText {
    /// `text` on one line: tabs, newlines and carriage returns become spaces; every other C0
    /// and C1 control character, DEL, and the bidirectional overrides and isolates become `�`;
    /// invisible format characters (zero-width space, word joiner, byte-order mark, soft
    /// hyphen) are left out, so what shows is what is measured. A zero-width joiner stays
    /// only inside an emoji sequence (👩‍💻), where it joins pictures into one.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || isInvisible($0) }) else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(" ")
            } else if isUnsafe(scalar) {
                result.append("\u{FFFD}")
            } else if scalar == "\u{200D}", let previous, previous.value > 0x7F,
                previous.properties.isEmoji || previous == "\u{FE0F}"
            {
                result.append(scalar)
            } else if !isInvisible(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A format character that takes no room and draws nothing (the bidirectional ones are
    /// ``isUnsafe(_:)``'s, shown as `�`).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.generalCategory == .format && !isUnsafe(scalar)
    }

    /// `text` with each line sanitized and the line breaks kept (for multi-line messages).
    package static func sanitizedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }
            .joinedText(separator: "\n")
    }

    /// Optional text sanitized.
    package static func sanitized(_ text: String?) -> String? {
        text.map { sanitized($0) }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true  // bidi marks, embeddings, isolates
        default: false
        }
    }
}
