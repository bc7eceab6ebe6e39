/// Makes outside text (a title, an id, an author) safe as one file or folder name on the common
/// file systems: no separators or characters Windows refuses, no control or format characters,
/// at most ``maximumBytes`` bytes of UTF-8, never `.` or `..` or hidden, never a Windows device name.
package enum SafeName {
    /// The longest name, in bytes of UTF-8 (file systems allow 255; names stay readable).
    package static let maximumBytes = 100

    /// Device names Windows reserves, with or without an extension (`CON`, `nul.txt`, `COM1`).
    static let reservedNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"] {
            names.insert("COM" + digit)
            names.insert("LPT" + digit)
        }
        return names
    }()

    /// The first three letters of every device name (``reservedNames``), as ``isReserved(_:)``
    /// reads them: one number of three bytes.
    private static let deviceStarts: Set<UInt32> = Set(
        reservedNames.map { $0.utf8.prefix(3).reduce(0) { $0 << 8 | UInt32($1) } })

    /// `text` as a safe name of at most `limit` bytes; `fallback` when nothing usable is left.
    package static func make(_ text: String, limit: Int = maximumBytes, fallback: String = "_") -> String {
        if isPlainASCII(text, limit: limit) && !isReserved(text) { return text }
        var cleaned = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            switch kind(of: scalar) {
            case .space:
                if !lastWasSpace { cleaned.append(" ") }
                lastWasSpace = true
            case .replaced:
                lastWasSpace = false
                cleaned.append("_")
            case .kept:
                lastWasSpace = false
                cleaned.append(scalar)
            }
        }
        var name = trimmed(String(cleaned))
        name = truncated(name, toBytes: max(1, limit))
        name = trimmed(name)
        if name.isEmpty { return fallback }
        if isReserved(name) { name = truncated("_" + name, toBytes: max(1, limit)) }
        return name
    }

    /// Whether `text` is already a safe name in plain ASCII, as most names are: printable,
    /// nothing replaced, no two spaces in a row, no space or dot at either end, at most `limit`
    /// bytes. What the full path makes of such a text is the text itself.
    private static func isPlainASCII(_ text: String, limit: Int) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, bytes.count <= max(1, limit),
            first != UInt8(ascii: " "), first != UInt8(ascii: "."), last != UInt8(ascii: " "),
            last != UInt8(ascii: ".")
        else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x21...0x7E:
                if kind(of: Unicode.Scalar(byte)) != .kept { return false }
            case 0x20:
                if previous == 0x20 { return false }
            default:
                return false
            }
            previous = byte
        }
        return true
    }

    private enum Kind { case space, replaced, kept }

    /// Controls, format and unassigned characters and separators of lines become a space, as
    /// whitespace does; path separators and what Windows forbids in names (all ASCII) become `_`.
    /// ASCII is decided without Unicode's tables: most names are ASCII.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {
            switch scalar.value {
            case 0x00...0x20, 0x7F: return .space
            case 0x2F, 0x5C, 0x3A, 0x2A, 0x3F, 0x22, 0x3C, 0x3E, 0x7C: return .replaced  // / \ : * ? " < > |
            default: return .kept
            }
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
            return .space
        default:
            return scalar.properties.isWhitespace ? .space : .kept
        }
    }

    /// Whether Windows reserves `name` as a device (the part before the first dot decides).
    package static func isReserved(_ name: String) -> Bool {
        // Every device name starts with one of these, in any letter case: the first three bytes
        // after any spaces, upper-cased, as one number.
        var start: UInt32 = 0
        var count = 0
        for byte in name.utf8.drop(while: { $0 == UInt8(ascii: " ") }).prefix(3) {
            start = start << 8 | UInt32(byte & ~0x20)
            count += 1
        }
        guard count == 3, deviceStarts.contains(start) else { return false }
        let base = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return reservedNames.contains(base.trimmingSpaces().uppercased())
    }

    /// The longest prefix of `text` of whole characters that fits in `bytes` bytes of UTF-8.
    package static func truncated(_ text: String, toBytes bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            if used + size > bytes { break }
            result.append(character)
            used += size
        }
        return result
    }

    /// Without spaces at either end, nor dots (hidden files, `.`/`..`, names Windows cuts).
    private static func trimmed(_ text: String) -> String {
        func isEnd(_ character: Character) -> Bool { character == " " || character == "." }
        guard let first = text.first, let last = text.last, isEnd(first) || isEnd(last) else { return text }
        var slice = Substring(text)
        while let first = slice.first, isEnd(first) { slice.removeFirst() }
        while let last = slice.last, isEnd(last) { slice.removeLast() }
        return String(slice)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return slice
    }
}
