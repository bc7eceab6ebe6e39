// The standard library's `joined(separator:)` (and `append(contentsOf:)` for a generic sequence)
// runs as generic code that is not specialized for the caller: its first call in a process asks
// the runtime for the sequence's iterator type, which checks a conformance by scanning the
// binary's 9,300 conformance records (0.2 ms, on the way to every local search's first result).
// These are compiled into each caller, and append through the concrete `String` and `Substring`
// overloads.

extension Sequence where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` makes them.
    @inlinable
    package func joinedText(separator: String = "") -> String {
        lazy.map { Substring($0) }.joinedText(separator: separator)
    }
}

extension Sequence where Element == Substring {
    /// The substrings with `separator` between them, as `joined(separator:)` makes them.
    @inlinable
    package func joinedText(separator: String = "") -> String {
        var text = ""
        var isFirst = true
        for element in self {
            if !isFirst { text += separator }
            isFirst = false
            text.append(contentsOf: element)
        }
        return text
    }
}
