/// Environment variables that name folders (`HOME`, `XDG_CACHE_HOME`, …).
package enum EnvironmentPath {
    /// `value` when it is an absolute path that reached Swift intact, else `nil` (as if unset).
    /// A value that was not UTF-8 arrives with U+FFFD in place of its bytes, and would name
    /// another folder: the cache and index would be made there.
    package static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), !value.unicodeScalars.contains("\u{FFFD}") else { return nil }
        return value
    }
}
