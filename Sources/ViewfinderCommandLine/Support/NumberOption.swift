import ArgumentParser

/// Number options are taken as text (`--limit -1` is a value to check, not a missing one), so
/// every wrong value, negative, out of range or not a number, gets the one message naming the range.
enum NumberOption {
    /// Throws "Please give NAME as DESCRIPTION." unless `text` is absent or a whole number in `range`.
    static func check(_ text: String?, named name: String, in range: ClosedRange<Int>, as description: String) throws {
        if let text, !(Int(text).map(range.contains) ?? false) {
            throw ValidationError("Please give \(name) as \(description).")
        }
    }
}
