import Foundation

/// Hides secret values (API keys, tokens) in URLs, headers and any text before they reach logs or errors.
///
/// A secret is hidden in every form it can take on the way to a server and back: as written,
/// percent-encoded (upper- or lower-case hex, or encoded twice), HTML-escaped, with `+` and space swapped
/// (form encoding), and JSON-escaped (`\/`, `\"`, `\\`, `\u00XX`), in any mix.
public enum Redaction {
    /// Query parameters and headers treated as secret in every request.
    public static let defaultSecretNames: Set<String> = [
        "api_key", "apikey", "consumer_key", "key", "token", "access_token", "secret", "client_secret",
        "password", "authorization", "x-api-key",
    ]

    /// Values shorter than this are hidden by parameter name only, never searched for in text
    /// (hiding every "ab" in a message would garble it and protect nothing).
    public static let minimumSecretLength = 4

    /// The secret names, the default ones and `secretNames`, lower-cased.
    static func lowercasedNames(adding secretNames: Set<String>) -> Set<String> {
        secretNames.isEmpty
            ? lowercasedDefaultNames : Set(defaultSecretNames.union(secretNames).map { $0.lowercased() })
    }

    private static let lowercasedDefaultNames = Set(defaultSecretNames.map { $0.lowercased() })

    /// `url` with the values of secret query parameters (and user info) replaced by `***`.
    public static func redact(_ url: URL, secretNames: Set<String> = []) -> String {
        let secrets = lowercasedNames(adding: secretNames)
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<unreadable URL>"
        }
        var changed = false
        if let items = components.percentEncodedQueryItems,
            items.contains(where: { secrets.contains($0.name.lowercased()) })
        {
            components.percentEncodedQueryItems = items.map { item in
                secrets.contains(item.name.lowercased()) && item.value != nil
                    ? URLQueryItem(name: item.name, value: "***") : item
            }
            changed = true
        }
        if components.user != nil || components.password != nil {
            components.user = "***"
            components.password = nil
            changed = true
        }
        return changed ? (components.string ?? "<unreadable URL>") : url.absoluteString
    }

    /// `value`, or `***` when the header `name` is secret.
    public static func redactHeader(name: String, value: String, secretNames: Set<String> = []) -> String {
        let secrets = lowercasedNames(adding: secretNames)
        return secrets.contains(name.lowercased()) ? "***" : value
    }

    /// `text` with every form of every secret in `secrets` replaced by `***`.
    public static func redact(_ text: String, secrets: [String]) -> String {
        let patterns = secrets.filter { $0.utf8.count >= minimumSecretLength }.map { Array($0.utf8) }
        guard !patterns.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            let byte = bytes[index]
            if let length = patterns.lazy.filter({ SecretMatcher.mayStart($0, with: byte) })
                .compactMap({ SecretMatcher.match($0, in: bytes, at: index) }).max()
            {
                output += Array("***".utf8)
                index += length
                changed = true
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// Whether `text` holds `secret` in any of the forms ``redact(_:secrets:)`` hides.
    public static func contains(_ text: String, secret: String) -> Bool {
        SecretMatcher.occurs(Array(secret.utf8), in: Array(text.utf8))
    }

    /// `text` (an error body that may echo a request) with the value of every `name=value` pair
    /// whose name is secret replaced by `***`, whatever encoding the value is in.
    public static func redactQueryParameters(in text: String, secretNames: Set<String> = []) -> String {
        // Every pair is `name=` or `name%3D`: a text with neither byte has none, as most titles.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "%") }) else { return text }
        let names =
            secretNames.isEmpty ? defaultNameBytes : lowercasedNames(adding: secretNames).map { Array($0.utf8) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard let valueStart = names.lazy.compactMap({ parameterValueStart($0, in: bytes, at: index) }).first
            else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output += bytes[index..<valueStart]
            var valueEnd = valueStart
            while valueEnd < bytes.count, !valueTerminators.contains(bytes[valueEnd]) { valueEnd += 1 }
            output += Array("***".utf8)
            changed = changed || valueEnd > valueStart
            index = valueEnd
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// `text` with the user info of every URL in it (`https://user:password@host/`) replaced by
    /// `***`: a password written into a page link must not reach a sidecar or `CREDITS.md`.
    public static func redactUserInfo(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }  // no `://`, no URL
        let bytes = Array(text.utf8)
        let separator = Array("://".utf8)
        var output: [UInt8] = []
        var index = 0
        var changed = false
        while index < bytes.count {
            guard bytes[index...].starts(with: separator) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index + separator.count
            var end = start
            var at: Int?
            while end < bytes.count, !authorityTerminators.contains(bytes[end]) {
                if bytes[end] == UInt8(ascii: "@") { at = end }
                end += 1
            }
            output += separator
            if let at {
                output += Array("***".utf8)
                output += bytes[at..<end]
                changed = true
            } else {
                output += bytes[start..<end]
            }
            index = end
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// ``defaultSecretNames`` lower-cased, as bytes.
    private static let defaultNameBytes = lowercasedDefaultNames.map { Array($0.utf8) }

    /// Bytes that end a URL's authority (`user:password@host:port`) in free text.
    private static let authorityTerminators = Set("/?# \t\r\n\"'<>()[]{}\\".utf8)

    /// Bytes that end a parameter value in free text: `&`, white space, quotes, brackets, `;`, `,`.
    private static let valueTerminators = Set("&# \t\r\n\"'<>()[]{};,\\".utf8)

    /// Where the value starts when `bytes` holds `name=` (or `name%3D`) at `index`, not inside a longer name.
    private static func parameterValueStart(_ name: [UInt8], in bytes: [UInt8], at index: Int) -> Int? {
        guard index + name.count < bytes.count else { return nil }
        if index > 0, isNameByte(bytes[index - 1]) { return nil }
        for offset in 0..<name.count where lowercase(bytes[index + offset]) != name[offset] { return nil }
        let after = index + name.count
        if bytes[after] == UInt8(ascii: "=") { return after + 1 }
        if after + 2 < bytes.count, bytes[after] == UInt8(ascii: "%"), bytes[after + 1] == UInt8(ascii: "3"),
            lowercase(bytes[after + 2]) == UInt8(ascii: "d")
        {
            return after + 3
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        let letter = lowercase(byte)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

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
    private static func match(_ secret: [UInt8], _ position: Int, _ text: [UInt8], _ index: Int) -> Int? {
        var position = position
        var index = index
        while position < secret.count {
            // Invisible characters between a secret's bytes (zero-width spaces) still spell it:
            // a terminal drops them, and would show the key.
            if position > 0 { index += invisibleLength(text, at: index) }
            let lengths = forms(of: secret[position], in: text, at: index)
            guard let only = lengths.first else { return nil }
            if lengths.count > 1 {
                return lengths.lazy.compactMap { match(secret, position + 1, text, index + $0) }.first
            }
            position += 1
            index += only
        }
        return index
    }

    /// How many bytes of characters that draw nothing start at `text[index]`, any number of
    /// them; 0 for none: every format character (soft hyphen, zero-width and bidirectional
    /// controls, word joiners, tag characters, U+FEFF), the variation selectors and the
    /// combining grapheme joiner. A key spelled with them between its letters shows as the key.
    static func invisibleLength(_ text: [UInt8], at start: Int) -> Int {
        var index = start
        while index < text.count, text[index] >= 0xC2 {
            let length = text[index] >= 0xF0 ? 4 : text[index] >= 0xE0 ? 3 : 2
            guard index + length <= text.count,
                let scalar = String(validating: text[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
                drawsNothing(scalar)
            else { break }
            index += length
        }
        return index - start
    }

    /// Whether `scalar` takes no room and draws nothing where text is shown.
    private static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x034F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: true  // grapheme joiner, variation selectors
        default: scalar.value >= 0xAD && scalar.properties.generalCategory == .format
        }
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
            if folded(value) == byte { lengths.append(3) }
            if value == UInt8(ascii: "%"), hexByte(text, index + 3).map(folded) == byte { lengths.append(5) }  // %252F
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
