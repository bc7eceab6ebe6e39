extension String {
    /// The text without white space at either end: Unicode's space separators, tabs, the
    /// zero-width space and, when `newlines`, the line and paragraph breaks, as Foundation's `trimmingCharacters(in:)` trims
    /// `.whitespacesAndNewlines` (or `.whitespaces` without them). Not through `NSString`, which
    /// cost 20 µs a call: most of the time a local photo's credit line and licence took.
    package func trimmingWhitespace(newlines: Bool = true) -> String {
        func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            // The zero-width space, which Unicode no longer counts as a space but Foundation still trims.
            case 0x20, 0x09, 0x200B: true
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: newlines
            case 0..<0x80: false
            default: scalar.properties.generalCategory == .spaceSeparator
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(Substring(scalars[first...last]))
    }
}
