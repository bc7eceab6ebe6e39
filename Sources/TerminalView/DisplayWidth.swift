/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and other zero-width characters none, everything else one.
///
/// Terminals follow Unicode's East Asian Width property (UAX #11) and emoji presentation;
/// counting `Character`s instead puts CJK titles and emoji a column per character off.
package enum DisplayWidth {
    /// The columns `text` takes on a terminal.
    package static func of(_ text: String) -> Int { columns(text) }

    /// The columns `text` takes on a terminal.
    package static func of(_ text: Substring) -> Int { columns(text) }

    /// The columns of a text, specialized here for `String` and `Substring`: called from another
    /// module the generic form looked its views' types up at run time, a scan of every
    /// conformance in the binary (0.07 ms) on the way to a search's table.
    private static func columns(_ text: some StringProtocol) -> Int {
        // Fast path: printable ASCII is one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Latin text with a "×" or an ellipsis: a column a scalar, without breaking it into
        // characters and asking each one's Unicode properties (a tenth of a search's table).
        if text.unicodeScalars.allSatisfy(isOneColumnAlone) { return text.unicodeScalars.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Scalars one column wide that never join a neighbour into one character: printable ASCII,
    /// Latin-1 and the Latin extensions up to the combining marks (less the soft hyphen, which
    /// takes none), and general punctuation's dashes, quotation marks, bullets and ellipsis.
    static func isOneColumnAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x2010...0x2027: true
        default: false
        }
    }

    /// The columns one grapheme cluster takes: its base scalar's width, two for an emoji
    /// shown as an emoji (a variation selector 16 or a flag pair), none for a lone mark.
    package static func of(_ character: Character) -> Int {
        // Most text is ASCII: one column (none for a control character, CR-LF too), no lookups.
        if let ascii = character.asciiValue { return ascii < 0x20 ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let base = scalars.first(where: { of($0) > 0 }) else { return 0 }
        // Regional indicators (flags) are emoji presentation already. The joiner is looked for
        // before the emoji property, which costs a table look-up.
        if scalars.contains("\u{FE0F}") || (scalars.contains("\u{200D}") && base.properties.isEmoji) {
            return 2
        }
        return of(base)
    }

    /// The columns one scalar takes on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        return 1
    }

    /// Combining marks, format characters (zero-width space, joiners, the byte-order mark),
    /// variation selectors and Hangul medial and final jamo: drawn over or joined to their neighbour.
    package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of UAX #11 that hold assigned characters.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
