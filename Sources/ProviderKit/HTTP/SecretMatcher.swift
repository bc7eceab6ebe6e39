/// Matches one secret against text in any of the encodings a URL or a JSON echo can give it.
enum SecretMatcher {
    /// Whether a form of `secret` can begin with `byte`: its first byte in either letter case, or with the
    /// space and `+` of form encoding swapped, or the start of an escape (`%`, `\`, `&`). Every
    /// scan checks this first, so the full match runs only where one could start.
    static func mayStart(_ secret: [UInt8], with byte: UInt8) -> Bool {
        guard let first = secret.first.map(folded) else { return false }
        switch folded(byte) {
        case first, UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "&"): return true
        case UInt8(ascii: "+"): return first == UInt8(ascii: " ")
        case UInt8(ascii: " "): return first == UInt8(ascii: "+")
        default: return false
        }
    }

    /// Whether any form of `secret` occurs anywhere in `text`.
    static func occurs(_ secret: [UInt8], in text: [UInt8]) -> Bool {
        !secret.isEmpty
            && text.indices.contains { mayStart(secret, with: text[$0]) && match(secret, in: text, at: $0) != nil }
    }

    /// The length of the text matching `secret` at `start`, or `nil`.
    static func match(_ secret: [UInt8], in text: [UInt8], at start: Int) -> Int? {
        match(secret, 0, text, start).map { $0 - start }
    }

    /// Where the match of `secret[position...]` starting at `text[index]` ends; tries every form of
    /// each byte, recursing only where two forms both fit (a `%` in the secret), so depth stays small.
    /// Between two of the secret's bytes, any run of ``fillerLength(_:at:)``'s characters is
    /// passed over, but only where the next byte does not fit as it stands (a `+` in a key can
    /// be a space in the text).
    private static func match(_ secret: [UInt8], _ position: Int, _ text: [UInt8], _ index: Int) -> Int? {
        var position = position
        var index = index
        while position < secret.count {
            var lengths = forms(of: secret[position], in: text, at: index)
            while lengths.isEmpty, position > 0 {
                let filler = fillerLength(text, at: index)
                guard filler > 0 else { return nil }
                index += filler
                lengths = forms(of: secret[position], in: text, at: index)
            }
            guard let only = lengths.first else { return nil }
            if lengths.count > 1 {
                return lengths.lazy.compactMap { match(secret, position + 1, text, index + $0) }.first
            }
            position += 1
            index += only
        }
        return index
    }

    /// The length of one character at `text[start]` that shows no character of a key where the
    /// text ends up, or 0: what a terminal or a page drops or replaces (controls, tabs and line
    /// breaks, bidirectional and other format characters, variation selectors), what shows as a
    /// gap or a mark (white space, `\u{FFFD}`), combining marks, which sit on a letter without
    /// hiding it, and every default-ignorable code point, assigned or not (Hangul fillers,
    /// U+2065), which browsers and terminals draw as nothing. Each also counts JSON-escaped (`\n`, `\u202e`), percent-encoded (`%0A`,
    /// `%E2%80%AE`) and as an HTML character reference (`&#10;`): a key with one such
    /// character inserted, as a server may echo it, still shows as the key.
    static func fillerLength(_ text: [UInt8], at start: Int) -> Int {
        guard start < text.count else { return 0 }
        switch text[start] {
        case UInt8(ascii: "\\"):
            guard start + 1 < text.count else { return 0 }
            if "ntrbf".utf8.contains(text[start + 1]) { return 2 }
            guard let unit = utf16Escape(text, start) else { return 0 }
            if (0xD800...0xDBFF).contains(unit), let low = utf16Escape(text, start + 6),
                (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            {
                return isFiller(scalar) ? 12 : 0  // a surrogate pair: `\udb40\udc80`
            }
            guard let scalar = Unicode.Scalar(unit), isFiller(scalar) else { return 0 }
            return 6
        case UInt8(ascii: "%"):
            var bytes: [UInt8] = []
            var index = start
            while bytes.count < 4, let byte = hexByte(text, index + 1), text[index] == UInt8(ascii: "%") {
                bytes.append(byte)
                index += 3
                if let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
                    return isFiller(scalar) ? index - start : 0
                }
            }
            return 0
        case UInt8(ascii: "&"):
            guard let (scalar, length) = numericReference(text, start), isFiller(scalar) else { return 0 }
            return length
        case let byte where byte < 0x80:
            return isFiller(Unicode.Scalar(byte)) ? 1 : 0
        case let byte:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard start + length <= text.count,
                let scalar = String(validating: text[start..<start + length], as: UTF8.self)?.unicodeScalars.first,
                isFiller(scalar)
            else { return 0 }
            return length
        }
    }

    /// The UTF-16 code unit a JSON escape `\uXXXX` at `index` spells.
    private static func utf16Escape(_ text: [UInt8], _ index: Int) -> UInt32? {
        guard index + 5 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u"),
            let high = hexByte(text, index + 2), let low = hexByte(text, index + 4)
        else { return nil }
        return UInt32(high) << 8 | UInt32(low)
    }

    /// Whether `scalar` shows no character of a key: see ``fillerLength(_:at:)``.
    private static func isFiller(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x20, 0x7F...0xA0, 0xFFFD: return true  // controls, space, no-break space
        case 0x034F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // grapheme joiner, variation selectors
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: return true  // Hangul fillers, the blank Braille pattern
        case 0x2060...0x206F, 0xFFF0...0xFFF8, 0xE0000...0xE0FFF: return true  // ignorable, assigned or not
        default:
            let properties = scalar.properties
            let category = properties.generalCategory
            return category == .format || category == .nonspacingMark || category == .enclosingMark
                || properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        }
    }

    /// The character an HTML numeric character reference at `index` spells (`&#10;`, `&#x202E;`),
    /// and its length.
    private static func numericReference(_ text: [UInt8], _ index: Int) -> (Unicode.Scalar, Int)? {
        let end = min(text.count, index + 12)
        guard index + 2 < end, text[index + 1] == UInt8(ascii: "#"),
            let semicolon = (index + 2..<end).first(where: { text[$0] == UInt8(ascii: ";") })
        else { return nil }
        let digits = String(decoding: text[(index + 2)..<semicolon], as: UTF8.self).lowercased()
        let number = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return number.flatMap(Unicode.Scalar.init).map { ($0, semicolon - index + 1) }
    }

    /// The lengths of the forms of `byte` found at `text[index]`.
    private static func forms(of byte: UInt8, in text: [UInt8], at index: Int) -> [Int] {
        guard index < text.count else { return [] }
        var lengths: [Int] = []
        let first = text[index]
        let space = UInt8(ascii: " ")
        let plus = UInt8(ascii: "+")
        let byte = folded(byte)  // a secret echoed in another letter case is still the secret
        if folded(first) == byte || (first == plus && byte == space) || (first == space && byte == plus) {
            lengths.append(1)
        }
        if first == UInt8(ascii: "%"), let value = hexByte(text, index + 1) {
            // `%20` for a key's `+` (form encoding, then percent-encoding), `%2B` for its space.
            if spells(value, byte) { lengths.append(3) }
            if value == UInt8(ascii: "%"), let twice = hexByte(text, index + 3), spells(twice, byte) {
                lengths.append(5)  // %252F
            }
        }
        if first == UInt8(ascii: "\\"), index + 1 < text.count {
            let escaped = text[index + 1]
            if escaped == byte, [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\")].contains(byte) {
                lengths.append(2)
            }
            if escaped == UInt8(ascii: "u"), index + 5 < text.count, text[index + 2] == UInt8(ascii: "0"),
                text[index + 3] == UInt8(ascii: "0"), hexByte(text, index + 4).map(folded) == byte
            {
                lengths.append(6)
            }
        }
        if first == UInt8(ascii: "&"), let (value, length) = htmlEntity(text, index), folded(value) == byte {
            lengths.append(length)
        }
        return lengths
    }

    /// Whether a decoded byte stands for the key's `byte`: the same letter in either case, or a
    /// space for a `+` and a `+` for a space.
    private static func spells(_ decoded: UInt8, _ byte: UInt8) -> Bool {
        folded(decoded) == byte || (decoded == UInt8(ascii: " ") && byte == UInt8(ascii: "+"))
            || (decoded == UInt8(ascii: "+") && byte == UInt8(ascii: " "))
    }

    /// `byte` with an ASCII capital letter made small: secrets are matched in any letter case.
    private static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// The byte an HTML character reference at `index` spells (`&amp;`, `&lt;`, `&#47;`, `&#x2F;`, …),
    /// and its length; `nil` when there is none or it spells no ASCII byte.
    private static func htmlEntity(_ text: [UInt8], _ index: Int) -> (UInt8, Int)? {
        let end = min(text.count, index + 10)
        guard let semicolon = (index + 1..<end).first(where: { text[$0] == UInt8(ascii: ";") }) else { return nil }
        let name = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self).lowercased()
        let length = semicolon - index + 1
        let named: [String: UInt8] = [
            "amp": UInt8(ascii: "&"), "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "quot": UInt8(ascii: "\""),
            "apos": UInt8(ascii: "'"), "sol": UInt8(ascii: "/"), "plus": UInt8(ascii: "+"), "equals": UInt8(ascii: "="),
        ]
        if let value = named[name] { return (value, length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let number = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let number, number < 0x80 else { return nil }
        return (UInt8(number), length)
    }

    /// The byte spelled by two hex digits at `index`, in either case.
    private static func hexByte(_ text: [UInt8], _ index: Int) -> UInt8? {
        guard index + 1 < text.count, let high = hexDigit(text[index]), let low = hexDigit(text[index + 1]) else {
            return nil
        }
        return high << 4 | low
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
