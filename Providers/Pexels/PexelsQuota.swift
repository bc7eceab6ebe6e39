import Foundation
import Synchronization

/// What Pexels last said about the key's request quota. Pexels sends `X-Ratelimit-Remaining`
/// and `X-Ratelimit-Reset` (Unix time) only on successful answers, never on the 429 that says
/// the quota is spent, so one provider instance keeps them from earlier answers to tell when
/// to try again.
final class PexelsQuota: Sendable {
    struct Reading: Sendable, Equatable {
        /// Requests left in the period, when Pexels said.
        var remaining: Int?
        /// When the period rolls over, when Pexels said.
        var reset: Date?
    }

    private let state = Mutex(Reading())

    /// The last reading.
    var reading: Reading { state.withLock { $0 } }

    /// Notes the quota headers of a successful answer; values that are not plain numbers in range are ignored.
    func record(headers: [String: String]) {
        let remaining = headers["x-ratelimit-remaining"].flatMap(Self.number)
        // Unix seconds from 2001 to 9999: anything else is not a reset time.
        let reset = headers["x-ratelimit-reset"].flatMap(Self.number).flatMap {
            (978_307_200...253_402_300_799).contains($0) ? Date(timeIntervalSince1970: TimeInterval($0)) : nil
        }
        guard remaining != nil || reset != nil else { return }
        state.withLock { reading in
            if let remaining { reading.remaining = remaining }
            if let reset { reading.reset = reset }
        }
    }

    /// "after 2030-01-01T00:00:00Z" when the reset is known and ahead of `now`, else `nil`.
    func retryTime(now: Date = Date()) -> String? {
        guard let reset = reading.reset, reset > now else { return nil }
        return "after " + reset.formatted(.iso8601)
    }

    private static func number(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
    }
}
