import Foundation

/// Whether bytes about to be stored hold one of a request's secrets in any encoding
/// ``Redaction`` knows. Quick on the common case: the full match runs only where a byte could
/// start one (the secret's first byte, `%`, `\`, `+` or a space).
enum SecretScan {
    static func contains(_ data: Data, anyOf secrets: [String]) -> Bool {
        let patterns = secrets.filter { $0.utf8.count >= Redaction.minimumSecretLength }.map { Array($0.utf8) }
        guard !patterns.isEmpty, !data.isEmpty else { return false }
        let text = [UInt8](data)
        let escapes: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "+"), UInt8(ascii: " ")]
        for pattern in patterns {
            guard let first = pattern.first else { continue }
            for index in text.indices where text[index] == first || escapes.contains(text[index]) {
                if SecretMatcher.match(pattern, in: text, at: index) != nil { return true }
            }
        }
        return false
    }
}
