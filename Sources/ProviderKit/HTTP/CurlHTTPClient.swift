import CCurl
import CLinux
import Foundation
import Logging

/// The live ``HTTPClient``: libcurl's multi interface, one loop thread per core (up to four),
/// shared by every provider.
///
/// Make one per process and pass it in ``ProviderContext``: its connection caches are what let
/// requests to the same host reuse connections (``CurlLoopChoice`` keeps a host on one loop
/// unless it has many transfers at once, as a download does).
package final class CurlHTTPClient: HTTPClient {
    /// The `User-Agent` sent with every request.
    package let userAgent: String
    private let logger: Logger?
    private let loops: [CurlMultiLoop]
    private let choice: CurlLoopChoice

    /// Creates a client. Each attempt is logged at debug level (method, redacted URL, status,
    /// bytes, time) to the request's own ``HTTPRequest/logger``, or else to `logger`, if given.
    package init(userAgent: String, logger: Logger? = nil, maxConnections: Int = 32) {
        self.userAgent = userAgent
        self.logger = logger
        let count = min(Int(vf_available_processors()), 4)
        loops = (0..<count).map { _ in
            CurlMultiLoop(maxConnections: maxConnections) { transfer, delay in
                let ran = (ContinuousClock.now - transfer.started).shortDescription
                (transfer.request.logger ?? logger)?.debug(
                    "\(transfer.request.redactedDescription) → cancelled after \(ran); aborted \(Self.microseconds(delay)) µs after the cancellation"
                )
            }
        }
        choice = CurlLoopChoice(count: count)
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }

    deinit {
        for loop in loops { loop.shutdown() }
    }

    /// How many loops the client has, and how many have started their threads (for tests).
    package var loopCount: Int { loops.count }
    package var startedLoops: Int { loops.filter(\.isStarted).count }

    /// Starts every loop's thread (each loads libcurl if need be and makes its multi handle), so
    /// the first transfers find them waiting: 1.5 ms sooner on the wire.
    package func prepareForTransfers() {
        for loop in loops { loop.start() }
    }

    /// The loop that runs transfers to `url`'s host, as an executor, for code that makes request
    /// after request to one host (the per-request benchmark): under `withTaskExecutorPreference`
    /// it runs on the thread that usually runs those transfers, so each request starts, and its
    /// answer comes back, with no hand-off between threads. Keep such code light: it holds up
    /// that thread's other transfers, also right after the preference's scope.
    package func preferredExecutor(for url: URL) -> (any TaskExecutor)? {
        loops[choice.loop(forHost: CurlLoopChoice.origin(of: url.absoluteString))]
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await perform(request, sink: .memory, progress: nil)
    }

    package func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        try await perform(request, sink: .stream(sink), progress: progress)
    }

    /// Runs attempts until one succeeds, the retry policy gives up, or the deadline is near.
    private func perform(
        _ request: HTTPRequest, sink: CurlTransfer.Sink, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        let clock = ContinuousClock()
        var attempt = 1
        var previous: Result<HTTPResponse, any Error>?
        while true {
            var attemptRequest = request
            if let deadline = request.deadline {
                let remaining = deadline - clock.now
                guard remaining > .milliseconds(1) else {
                    // The wait before a retry overran the deadline (a busy machine): the last answer stands.
                    if let previous { return try previous.get() }
                    throw HTTPClientError(
                        .timedOut, "\(request.redactedDescription) timed out: no time was left before its deadline")
                }
                attemptRequest.timeout = min(request.timeout, remaining)
                attemptRequest.connectTimeout = min(request.connectTimeout, remaining)
            }
            let started = clock.now
            let outcome: Result<HTTPResponse, any Error>
            do {
                outcome = .success(try await attemptOnce(attemptRequest, sink: sink, progress: progress))
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as HTTPClientError
                where error.kind == .timedOut && attemptRequest.timeout < request.timeout
            {
                outcome = .failure(
                    HTTPClientError(
                        .timedOut,
                        "\(request.redactedDescription): no answer by its deadline "
                            + "(\(CurlErrors.seconds(clock.now - started)) for this attempt)"))
            } catch {
                outcome = .failure(error)
            }
            log(attemptRequest, outcome, elapsed: clock.now - started, attempt: attempt)

            guard let wait = retryDelay(after: outcome, attempt: attempt, request: request),
                request.deadline.map({ clock.now + wait < $0 }) ?? true
            else { return try outcome.get() }
            try await Task.sleep(for: wait)
            previous = outcome
            attempt += 1
        }
    }

    /// The wait before the next attempt, or `nil` when `outcome` is final: a success, a 4xx other
    /// than 408 and 429, a failure other than a lost or refused connection, or the last attempt.
    private func retryDelay(after outcome: Result<HTTPResponse, any Error>, attempt: Int, request: HTTPRequest)
        -> Duration?
    {
        let policy = request.retry
        switch outcome {
        case .success(let response)
        where RetryPolicy.isRetryable(status: response.status)
            || (response.isSuccess && request.isTransientAnswer?(response) == true):
            return policy.delay(after: attempt, retryAfter: response.headers["retry-after"], jitter: .random(in: 0...1))
        case .failure(let error as HTTPClientError) where error.isRetryable:
            return policy.delay(after: attempt, retryAfter: nil, jitter: .random(in: 0...1))
        default:
            return nil
        }
    }

    private func attemptOnce(
        _ request: HTTPRequest, sink: CurlTransfer.Sink, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        try await CurlLibrary.ready()
        let transfer = try CurlTransfer(request: request, userAgent: userAgent, sink: sink, progress: progress)
        let index = choice.take(host: transfer.origin)
        defer { choice.finished(index) }
        let loop = loops[index]
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                transfer.onCompletion(continuation)
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    private func log(
        _ request: HTTPRequest, _ outcome: Result<HTTPResponse, any Error>, elapsed: Duration, attempt: Int
    ) {
        guard let logger = request.logger ?? logger else { return }
        let ms = elapsed.wholeMilliseconds
        let retry = attempt > 1 ? " (attempt \(attempt))" : ""
        switch outcome {
        case .success(let response):
            logger.debug(
                "\(request.redactedDescription) → \(response.status), \(response.receivedLength) bytes, \(ms) ms\(retry)"
            )
        case .failure(let error):
            logger.debug(
                "\(request.redactedDescription) → failed after \(ms) ms\(retry): \(request.redactor.redact("\(error)"))"
            )
        }
    }
}
