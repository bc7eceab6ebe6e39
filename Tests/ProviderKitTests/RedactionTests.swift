import Foundation
import ProviderKit
import Testing

@Suite("Redaction and retry arithmetic")
struct RedactionTests {
    @Test("every secret query parameter is hidden; the rest of the URL stays readable")
    func redactsSecrets() {
        let url = URL(
            string:
                "https://api.example.com/rest/?method=search&api_key=abc123&Token=t0k&text=harbour%20light&consumer_key=ck&key=k&secret=s&sig=mine"
        )!
        #expect(
            Redaction.redact(url, secretNames: ["sig"])
                == "https://api.example.com/rest/?method=search&api_key=***&Token=***&text=harbour%20light&consumer_key=***&key=***&secret=***&sig=***"
        )
        #expect(Redaction.redact(URL(string: "https://a.example/p?q=1")!) == "https://a.example/p?q=1")
        #expect(Redaction.redact(URL(string: "https://user:pw@a.example/p")!) == "https://***@a.example/p")
        #expect(HTTPRequest(url: url).redactedDescription.contains("abc123") == false)
    }

    @Test("secret headers are hidden by name, in any letter case")
    func redactsHeaders() {
        #expect(Redaction.redactHeader(name: "Authorization", value: "Bearer x") == "***")
        #expect(Redaction.redactHeader(name: "X-Api-Key", value: "x") == "***")
        #expect(Redaction.redactHeader(name: "X-Signature", value: "x", secretNames: ["x-signature"]) == "***")
        #expect(Redaction.redactHeader(name: "Accept", value: "application/json") == "application/json")
    }

    @Test("backoff doubles from the base delay with jitter, is capped, and stops at the attempt limit")
    func backoff() {
        let policy = RetryPolicy(
            maxAttempts: 4, baseDelay: .milliseconds(100), maxDelay: .milliseconds(300), maxRetryAfter: .seconds(5))
        #expect(policy.delay(after: 1, retryAfter: nil, jitter: 1) == .milliseconds(100))
        #expect(policy.delay(after: 1, retryAfter: nil, jitter: 0) == .milliseconds(50))
        #expect(policy.delay(after: 2, retryAfter: nil, jitter: 1) == .milliseconds(200))
        #expect(policy.delay(after: 3, retryAfter: nil, jitter: 1) == .milliseconds(300))
        #expect(policy.delay(after: 4, retryAfter: nil, jitter: 1) == nil)
    }

    @Test("Retry-After is read as seconds or an HTTP date, and honoured only up to the cap")
    func retryAfter() {
        let policy = RetryPolicy.default
        let now = Date(timeIntervalSince1970: 1_445_412_470)  // Wed, 21 Oct 2015 07:27:50 GMT
        #expect(policy.delay(after: 1, retryAfter: "3", now: now, jitter: 0.5) == .seconds(3))
        #expect(
            policy.delay(after: 1, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", now: now, jitter: 0.5) == .seconds(10))
        #expect(policy.delay(after: 1, retryAfter: "11", now: now, jitter: 0.5) == nil)
        #expect(RetryPolicy.parseRetryAfter("soon") == nil)
        #expect(RetryPolicy.isRetryable(status: 429) && RetryPolicy.isRetryable(status: 503))
        #expect(!RetryPolicy.isRetryable(status: 404) && !RetryPolicy.isRetryable(status: 200))
    }
}
