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

    /// Characters replaced by `_`: path separators and what Windows forbids in names.
    private static let replaced: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]

    /// `text` as a safe name of at most `limit` bytes; `fallback` when nothing usable is left.
    package static func make(_ text: String, limit: Int = maximumBytes, fallback: String = "_") -> String {
        var cleaned = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format || category == .lineSeparator
                || category == .paragraphSeparator || category == .unassigned || category == .surrogate
                || category == .privateUse
            {
                if !lastWasSpace { cleaned.append(" ") }
                lastWasSpace = true
                continue
            }
            let isSpace = scalar.properties.isWhitespace
            if isSpace {
                if !lastWasSpace { cleaned.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            cleaned.append(replaced.contains(scalar) ? "_" : scalar)
        }
        var name = trimmed(String(cleaned))
        name = truncated(name, toBytes: max(1, limit))
        name = trimmed(name)
        if name.isEmpty { return fallback }
        if isReserved(name) { name = truncated("_" + name, toBytes: max(1, limit)) }
        return name
    }

    /// Whether Windows reserves `name` as a device (the part before the first dot decides).
    package static func isReserved(_ name: String) -> Bool {
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
        let ends: Set<Character> = [" ", "."]
        var slice = Substring(text)
        while let first = slice.first, ends.contains(first) { slice.removeFirst() }
        while let last = slice.last, ends.contains(last) { slice.removeLast() }
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
