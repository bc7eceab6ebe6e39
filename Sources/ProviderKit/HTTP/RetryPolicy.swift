import Foundation

/// When a request is tried again: after connection failures, 408, 429 and 5xx answers (and
/// answers the request marks transient), with exponential backoff and jitter, honouring
/// `Retry-After` up to a cap. Other 4xx answers are final and never retried.
///
/// The HTTP client is the one layer that retries: ``maxAttempts`` bounds the attempts of one
/// request in all, whatever made each one fail.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles for each one after.
    public var baseDelay: Duration
    /// The longest wait between attempts.
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured; a server asking for more gets no retry.
    public var maxRetryAfter: Duration

    /// Creates a policy.
    public init(maxAttempts: Int, baseDelay: Duration, maxDelay: Duration, maxRetryAfter: Duration) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Three attempts, 250 ms then 500 ms apart (with jitter), `Retry-After` up to 10 s.
    public static let `default` = RetryPolicy(
        maxAttempts: 3, baseDelay: .milliseconds(250), maxDelay: .seconds(4), maxRetryAfter: .seconds(10))

    /// One attempt only.
    public static let never = RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero, maxRetryAfter: .zero)

    /// Whether an answer with this status is worth another attempt: 408, 429 and 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The wait before attempt `attempt + 1` (attempts count from 1), or `nil` for no retry.
    ///
    /// `retryAfter` is the server's `Retry-After` header; `jitter` is a fraction in 0…1.
    public func delay(after attempt: Int, retryAfter: String?, now: Date = Date(), jitter: Double)
        -> Duration?
    {
        guard attempt < maxAttempts else { return nil }
        if let retryAfter, let asked = Self.parseRetryAfter(retryAfter, now: now) {
            return asked <= maxRetryAfter ? asked : nil
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        let capped = min(exponential, maxDelay)
        return capped * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }

    /// `Retry-After` as seconds (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(min(seconds, 86_400 * 365)) }
        if trimmed.allSatisfy(\.isNumber), !trimmed.isEmpty { return .seconds(86_400 * 365) }  // beyond Int
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite else { return nil }
        // Any date more than a day ahead is "too long" to every policy; keep the arithmetic in range.
        return .milliseconds(Int64(min(max(0, seconds), 86_400) * 1000))
    }
}
