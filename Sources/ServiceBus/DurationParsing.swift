import Foundation
import ProviderKit

/// Reads the durations people write in configuration and on the command line.
package enum DurationParsing {
    /// The longest duration accepted: a deadline past a day is a typo, and a bounded value
    /// keeps every later sum of durations far from overflowing.
    package static let maximum = Duration.seconds(24 * 3600)

    /// The shortest duration accepted; anything that rounds below it would be no time at all.
    package static let minimum = Duration.milliseconds(1)

    /// Parses `250ms`, `10s`, `1.5s`, `2m` or `1h`, from 1 ms to 24 h; `nil` when the text is
    /// not one of those forms or is out of that range.
    package static func parse(_ text: String) -> Duration? {
        guard let milliseconds = milliseconds(in: text.trimmingCharacters(in: .whitespaces)),
            milliseconds >= 1, milliseconds <= maximumMilliseconds
        else { return nil }
        return .milliseconds(Int64(milliseconds))
    }

    /// What is wrong with `text` as a duration, in words that follow "'text' is" in a message
    /// (`longer than 24h, the longest accepted`); `nil` when ``parse(_:)`` accepts it.
    package static func problem(with text: String) -> String? {
        guard parse(text) == nil else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let milliseconds = milliseconds(in: trimmed) {
            return milliseconds < 1 ? "shorter than 1ms" : "longer than 24h, the longest accepted"
        }
        if trimmed != trimmed.lowercased(), milliseconds(in: trimmed.lowercased()) != nil {
            return "not a duration: units are written in lower case (ms, s, m, h)"
        }
        if let total = compoundMilliseconds(in: trimmed.lowercased()) {
            guard total <= maximumMilliseconds else { return "longer than 24h, the longest accepted" }
            let whole = Int64(min(total, 1e15))
            let suggestion =
                whole % 60_000 == 0 ? "\(whole / 60_000)m" : whole % 1000 == 0 ? "\(whole / 1000)s" : "\(whole)ms"
            return "not a duration: give one number and one unit, like \(suggestion)"
        }
        return "not a duration: give \(examples)"
    }

    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    private static let maximumMilliseconds = Double(maximum.components.seconds) * 1000

    /// The milliseconds one number with one unit spells, rounded, whatever its size; `nil` for
    /// anything else. Read in Double, so no input can overflow Int64.
    private static func milliseconds(in text: String) -> Double? {
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite
            else { return nil }
            return (value * unit.milliseconds).rounded()
        }
        return nil
    }

    /// The total of several numbers with units written together (`1h30m`), or `nil`.
    private static func compoundMilliseconds(in text: String) -> Double? {
        var rest = Substring(text)
        var total = 0.0
        var parts = 0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            guard let value = Double(number),
                let unit = units.sorted(by: { $0.suffix.count > $1.suffix.count }).first(where: {
                    rest.hasPrefix($0.suffix)
                })
            else { return nil }
            rest = rest.dropFirst(unit.suffix.count)
            total += value * unit.milliseconds
            parts += 1
        }
        return parts >= 2 && total.isFinite ? total.rounded() : nil
    }

    /// What a valid duration looks like, for error messages.
    package static let examples = "a number with a unit from 1ms to 24h, like 250ms, 10s, 2m or 1h"
}
