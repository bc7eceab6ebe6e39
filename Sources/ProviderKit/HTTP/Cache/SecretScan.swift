import Foundation

/// Whether bytes about to be stored hold one of a request's secrets in any encoding
/// ``Redaction`` knows. Quick on the common case: the full match runs only where one could
/// start (the secret's first byte, `%` or `\`, or the space or `+` form encoding swaps).
enum SecretScan {
    static func contains(_ data: Data, anyOf secrets: [String]) -> Bool {
        let patterns = secrets.filter { $0.utf8.count >= Redaction.minimumSecretLength }.map { Array($0.utf8) }
        guard !patterns.isEmpty, !data.isEmpty else { return false }
        let text = [UInt8](data)
        let percent = UInt8(ascii: "%")
        let backslash = UInt8(ascii: "\\")
        for pattern in patterns {
            guard let first = pattern.first else { continue }
            // Form encoding writes a space as `+` and the other way round.
            let swapped =
                first == UInt8(ascii: " ") ? UInt8(ascii: "+") : first == UInt8(ascii: "+") ? UInt8(ascii: " ") : first
            for index in text.indices {
                let byte = text[index]
                guard byte == first || byte == percent || byte == backslash || byte == swapped else { continue }
                if SecretMatcher.match(pattern, in: text, at: index) != nil { return true }
            }
        }
        return false
    }
}
