import Foundation
import ProviderKit

/// Finds the valid name closest to a misspelt one, for "did you mean" hints.
enum NameSuggestion {
    /// The candidate nearest to `name`, if it is near enough to be a likely typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, EditDistance.between(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    /// Ends a sentence about a misspelt name: "; did you mean `x`?" when a candidate is close, else ".".
    static func hint(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? "."
    }
}

extension Array where Element == String {
    /// `a`, `b`, `c` — for lists of valid names in messages.
    var quotedList: String { map { "`\($0)`" }.joinedText(separator: ", ") }
}
