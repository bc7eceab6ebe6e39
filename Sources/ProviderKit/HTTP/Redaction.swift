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
        return hidingRuns(in: text) { bytes, index in
            let byte = bytes[index]
            let length = patterns.lazy.filter { SecretMatcher.mayStart($0, with: byte) }
                .compactMap { SecretMatcher.match($0, in: bytes, at: index) }.max()
            return length.map { index..<index + $0 }
        }
    }

    /// `text` with runs of its bytes replaced by `***`: at each position `hiddenRun` gives the
    /// run to hide (there or further on; the bytes before it are kept), or `nil` to keep the
    /// byte there. `text` itself when nothing was hidden.
    private static func hidingRuns(
        in text: String, _ hiddenRun: (_ bytes: [UInt8], _ index: Int) -> Range<Int>?
    ) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard let run = hiddenRun(bytes, index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output += bytes[index..<run.lowerBound]
            output += Array("***".utf8)
            changed = changed || !run.isEmpty
            index = max(run.upperBound, index + 1)
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
        return hidingRuns(in: text) { bytes, index in
            guard let valueStart = names.lazy.compactMap({ parameterValueStart($0, in: bytes, at: index) }).first
            else { return nil }
            var valueEnd = valueStart
            while valueEnd < bytes.count, !valueTerminators.contains(bytes[valueEnd]) { valueEnd += 1 }
            return valueStart..<valueEnd
        }
    }

    /// `text` with the user info of every URL in it (`https://user:password@host/`) replaced by
    /// `***`: a password written into a page link must not reach a sidecar or `CREDITS.md`.
    public static func redactUserInfo(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }  // no `://`, no URL
        let separator = Array("://".utf8)
        return hidingRuns(in: text) { bytes, index in
            guard bytes[index...].starts(with: separator) else { return nil }
            let start = index + separator.count
            var end = start
            var at: Int?
            while end < bytes.count, !authorityTerminators.contains(bytes[end]) {
                if bytes[end] == UInt8(ascii: "@") { at = end }
                end += 1
            }
            return at.map { start..<$0 }
        }
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
