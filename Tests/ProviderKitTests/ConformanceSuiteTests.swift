import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

/// The conformance suite itself: it must fail providers that break the contract.
@Suite("Conformance suite catches broken providers")
struct ConformanceSuiteTests {
    /// Answers at once when `delay` is zero. Otherwise it waits to be cancelled and then sits out
    /// `delay` more before answering, so the cancel's timing (late on a loaded machine) does not
    /// shorten what it ignores. Logs `logLine`.
    struct StubbornProvider: PhotoProvider {
        let name: String
        let delay: Duration
        let logger: Logger
        var logLine: String?
        var supportsPopular: Bool { false }

        func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
            .pages { index in
                guard index == 0 else { return nil }
                if let logLine { logger.debug("\(logLine)") }
                if delay > .zero {
                    let giveUp = ContinuousClock.now + .seconds(60)
                    while !Task.isCancelled, ContinuousClock.now < giveUp {
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                    // Sleeps where the cancellation does not reach (a cancelled task's own sleep
                    // would return at once, and the wait would spin a core).
                    await Task.detached { try? await Task.sleep(for: delay) }.value
                }
                return PhotoPage(photos: (0..<min(request.limit, 5)).map { Photo(provider: name, id: "\($0)") })
            }
        }
    }

    func subject(slowDelay: Duration, logLine: String? = nil) -> ConformanceSubject {
        ConformanceSubject(
            query: "q", available: 5, secret: "SECRET/500+XYZ==",
            makeProvider: { name, context in
                StubbornProvider(name: name, delay: .zero, logger: context.logger, logLine: logLine)
            },
            makeBrokenProvider: { name, context in
                StubbornProvider(name: name, delay: .zero, logger: context.logger, logLine: logLine)
            },
            makeSlowProvider: { name, context in StubbornProvider(name: name, delay: slowDelay, logger: context.logger)
            })
    }

    @Test("a provider that sits out a 7 s fetch after being cancelled fails stopsWhenCancelled")
    func ignoringCancellationFails() async throws {
        await #expect(throws: ConformanceFailure.self) {
            try await ProviderConformance.stopsWhenCancelled(subject(slowDelay: .seconds(7)))
        }
    }

    @Test("a slow source that answers at once is refused: the cancel must land mid-fetch")
    func fastSlowSourceFails() async throws {
        await #expect(throws: ConformanceFailure.self) {
            try await ProviderConformance.stopsWhenCancelled(subject(slowDelay: .zero))
        }
    }

    @Test("a secret logged percent-encoded fails neverLeaksSecret")
    func encodedLeakFails() async throws {
        await #expect(throws: ConformanceFailure.self) {
            try await ProviderConformance.neverLeaksSecret(
                subject(slowDelay: .zero, logLine: "GET /rest/?api_key=SECRET%2F500%2bXYZ%3D%3D → 200"))
        }
        try await ProviderConformance.neverLeaksSecret(subject(slowDelay: .zero, logLine: "GET /rest/?api_key=***"))
    }
}
