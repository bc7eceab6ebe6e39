import Foundation

/// Whether bytes about to be stored hold one of a request's secrets in any encoding
/// ``Redaction`` knows. Quick on the common case: the full match runs only where one could
/// start (``SecretMatcher/mayStart(_:with:)``).
enum SecretScan {
    static func contains(_ data: Data, anyOf secrets: [String]) -> Bool {
        let patterns = secrets.filter { $0.utf8.count >= Redaction.minimumSecretLength }.map { Array($0.utf8) }
        guard !patterns.isEmpty, !data.isEmpty else { return false }
        let text = [UInt8](data)
        return patterns.contains { SecretMatcher.occurs($0, in: text) }
    }
}
