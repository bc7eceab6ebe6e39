import Foundation
import ProviderKit

/// Reads the durations people write in configuration and on the command line.
public enum DurationParsing {
    /// Parses `250ms`, `10s`, `1.5s`, `2m` or `1h`; `nil` when the text is not one of those forms.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value > 0, value.isFinite
            else { return nil }
            return .milliseconds(Int64((value * unit.seconds * 1000).rounded()))
        }
        return nil
    }

    /// What a valid duration looks like, for error messages.
    public static let examples = "a number with a unit, like 250ms, 10s, 2m or 1h"
}
