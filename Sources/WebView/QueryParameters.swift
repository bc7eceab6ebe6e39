import Foundation

/// A request's query string as a browser's form or `URLSearchParams` writes it: `+` is a
/// space, `%XX` a byte; a key given twice keeps its first value; undecodable text is dropped.
package struct QueryParameters: Sendable, Equatable {
    private var values: [String: String] = [:]

    /// The most parameters read from one query; the rest are ignored.
    static let maximumCount = 32

    package init(_ query: String?) {
        guard let query else { return }
        for pair in query.split(separator: "&").prefix(Self.maximumCount) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if let value, values[key] == nil { values[key] = value }
        }
    }

    /// The value of `key`, if given.
    package subscript(key: String) -> String? { values[key] }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
