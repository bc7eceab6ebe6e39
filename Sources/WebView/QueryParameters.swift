import Foundation

/// A request's query string as a browser's form or `URLSearchParams` writes it: `+` is a
/// space, `%XX` a byte; a key given twice keeps its first value. A value that does not decode
/// (`%ZZ`, bytes that are not UTF-8) is kept aside in ``malformed``, never read as absent.
package struct QueryParameters: Sendable, Equatable {
    private var values: [String: String] = [:]
    /// The keys whose value does not decode, with the value as written.
    package private(set) var malformed: [String: String] = [:]

    /// The most parameters read from one query; the rest are ignored.
    static let maximumCount = 32

    package init(_ query: String?) {
        guard let query else { return }
        for pair in query.split(separator: "&").prefix(Self.maximumCount) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = Self.decode(parts[0]), values[key] == nil, malformed[key] == nil else { continue }
            let raw = parts.count > 1 ? String(parts[1]) : ""
            if let value = Self.decode(Substring(raw)) {
                values[key] = value
            } else {
                malformed[key] = raw
            }
        }
    }

    /// The value of `key`, if given and decodable.
    package subscript(key: String) -> String? { values[key] }

    /// Why the query cannot be read (the first key, by name, whose value does not decode), or `nil`.
    package var problem: String? {
        guard let key = malformed.keys.min(), let raw = malformed[key] else { return nil }
        return "the address's \(key)=\(raw.prefix(80)) is not valid: it is not percent-encoded UTF-8 text "
            + "(write %XX with two hex digits, or type it into the search field)"
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
