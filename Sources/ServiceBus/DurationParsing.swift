import Foundation
import ProviderKit

/// Reads the durations people write in configuration and on the command line.
public enum DurationParsing {
    /// The longest duration accepted: a deadline past a day is a typo, and a bounded value
    /// keeps every later sum of durations far from overflowing.
    public static let maximum = Duration.seconds(24 * 3600)

    /// The shortest duration accepted; anything that rounds below it would be no time at all.
    public static let minimum = Duration.milliseconds(1)

    /// Parses `250ms`, `10s`, `1.5s`, `2m` or `1h`, from 1 ms to 24 h; `nil` when the text is
    /// not one of those forms or is out of that range.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        let maximumMilliseconds = Double(maximum.components.seconds) * 1000
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite
            else { return nil }
            // Checked in Double before any conversion, so no input can overflow Int64.
            let milliseconds = (value * unit.milliseconds).rounded()
            guard milliseconds >= 1, milliseconds <= maximumMilliseconds else { return nil }
            return .milliseconds(Int64(milliseconds))
        }
        return nil
    }

    /// What a valid duration looks like, for error messages.
    public static let examples = "a number with a unit from 1ms to 24h, like 250ms, 10s, 2m or 1h"
}
