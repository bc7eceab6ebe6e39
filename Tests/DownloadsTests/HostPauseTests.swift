import Downloads
import Foundation
import ProviderKit
import Testing

/// Time margins here are lower bounds ("waited at least Retry-After"): a loaded machine only
/// makes them later. Listed in the Makefile's TIMED_SUITES all the same.
@Suite("A host that answers 429 pauses alone")
struct HostPauseTests {
    @Test("429 with Retry-After pauses only that host; the others go on, and its downloads resume after")
    func rateLimitPausesOneHost() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var photos: [Photo] = []
        for index in 0..<3 {
            photos.append(fixture.photo("l\(index)", url: fixture.url("/rate/l\(index)?after=2", host: "localhost")))
        }
        for index in 0..<6 {
            photos.append(fixture.photo("n\(index)", url: fixture.url("/img/n\(index)?delay=0.3", host: "127.0.0.1")))
        }
        let outcomes = try await fixture.downloader(fixture.options(parallel: 4, perHost: 1)).run(photos)

        #expect(outcomes.allSatisfy { if case .downloaded = $0.result { true } else { false } })
        let requests = try await fixture.stats().requests
        let limited = requests.filter { $0.host == "localhost" }
        let other = requests.filter { $0.host == "127.0.0.1" }
        #expect(limited.count == 4)  // one 429, then the three images
        let pausedAt = try #require(limited.first).start
        let resumedAt = try #require(limited.dropFirst().first).start
        #expect(resumedAt - pausedAt >= 1.9)
        // The other host was served while the first one waited.
        #expect(other.contains { $0.start > pausedAt && $0.start < resumedAt })
    }
}
