import Foundation

/// Readers for the kinds of option every provider has, with errors the configuration
/// loader reports at the value's line and column.
extension KeyedDecodingContainer {
    /// An http(s) URL option such as `endpoint`, or `defaultValue` when it is absent.
    public func decodeEndpoint(forKey key: Key, default defaultValue: URL) throws -> URL {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return defaultValue }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "`\(text)` is not an http(s) URL")
        }
        return url
    }

    /// One of a fixed list of words (a sort order, a feed), or `defaultValue` when absent.
    ///
    /// `what` names the list in the error, e.g. "Flickr sort".
    public func decodeChoice(forKey key: Key, among choices: [String], default defaultValue: String, what: String)
        throws -> String
    {
        let value = try decodeIfPresent(String.self, forKey: key) ?? defaultValue
        guard choices.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "`\(value)` is not a \(what); use one of \(choices.joinedText(separator: ", "))")
        }
        return value
    }

    /// A whole number within `range`, or `defaultValue` when absent; `why` explains the bounds, if needed.
    public func decodeInteger(
        forKey key: Key, in range: ClosedRange<Int>, default defaultValue: Int, why: String? = nil
    )
        throws -> Int
    {
        let value = try decodeIfPresent(Int.self, forKey: key) ?? defaultValue
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be \(range.lowerBound) to \(range.upperBound)" + (why.map { " (\($0))" } ?? ""))
        }
        return value
    }
}

extension Optional where Wrapped == String {
    /// The text, or `nil` when it is missing, empty or only white space: sources send all three for "none".
    public var nonBlank: String? {
        guard let text = self, text.contains(where: { !$0.isWhitespaceASCIIFirst }) else { return nil }
        return text
    }
}
