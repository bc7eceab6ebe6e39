import Foundation
import ProviderTesting
import Testing

/// `viewfinder providers --check` against the loopback fake servers: a key accepted with the
/// rate limit left, a key refused (401, 403), a 429 with its headers, a host that does not
/// resolve, a server that does not answer in time, a certificate that is self-signed.
@Suite("providers --check", .serialized)
struct ProviderCheckCommandLineTests {
    @Test("each provider gets one request; the answer, or the exact problem, is said per provider")
    func check() async throws {
        let unsplash = try await LoopbackServer.start(script: "Tests/UnsplashProviderTests/unsplash_server.py")
        let pixabay = try await LoopbackServer.start(script: "Tests/PixabayProviderTests/pixabay_server.py")
        defer {
            unsplash.stop()
            pixabay.stop()
        }
        let base = unsplash.url("").absoluteString
        let workspace = try Workspace(
            config: """
                search:
                  timeout: 20s
                providers:
                  photos:
                    type: local-folder
                    path: photos
                  good:
                    type: unsplash
                    access_key: ${GOOD_KEY}
                    endpoint: \(base)
                  refused:
                    type: unsplash
                    access_key: not-a-key
                    endpoint: \(base)
                  throttled:
                    type: pixabay
                    api_key: 429-0123456789abcdef012345678
                    endpoint: \(pixabay.url("/api/").absoluteString)
                  nowhere:
                    type: openverse
                    endpoint: https://api.viewfinder-test.invalid/v1
                  slow:
                    type: unsplash
                    access_key: test-access-key-7f3a9c
                    endpoint: \(base)/slow
                    timeout: 1s
                  unset:
                    type: pexels
                    api_key: ${NO_SUCH_KEY}
                """)
        defer { workspace.remove() }
        try workspace.addSample("harbor-crane-fog.jpg", as: "crane.jpg")
        let started = ContinuousClock.now
        let output = try await workspace.run(
            ["providers", "--check", "--json"], environment: ["GOOD_KEY": "test-access-key-7f3a9c"])
        let elapsed = ContinuousClock.now - started
        #expect(output.status == 1, "stderr: \(output.stderr)")  // some failed
        let entries = try #require(output.json()["providers"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", $0) })
        func detail(_ name: String) -> String { byName[name]?["detail"] as? String ?? "<none>" }
        func status(_ name: String) -> String? { byName[name]?["status"] as? String }
        #expect(
            entries.map { $0["name"] as? String } == [
                "photos", "good", "refused", "throttled", "nowhere", "slow", "unset",
            ])

        #expect(status("photos") == "ok")
        #expect(detail("photos") == "answered (1 photo on the first page)")

        #expect(status("good") == "ok")
        #expect(detail("good").hasPrefix("reachable, key accepted (HTTP 200); rate limit: "), "\(detail("good"))")
        #expect(detail("good").contains(" of 50 requests left"))
        #expect(byName["good"]?["http_status"] as? Int == 200)
        #expect(byName["good"]?["rate_limit_remaining"] is Int)

        #expect(status("refused") == "failed")
        #expect(detail("refused").hasPrefix("key refused (HTTP 401)"), "\(detail("refused"))")
        #expect(!output.stdout.contains("not-a-key"))  // the key itself is never shown

        #expect(status("throttled") == "failed")
        #expect(
            detail("throttled").hasPrefix(
                "rate limited (HTTP 429); rate limit: 0 of 100 requests left, resets in 37 s"),
            "\(detail("throttled"))")
        #expect(!output.stdout.contains("0123456789abcdef012345678"))

        #expect(status("nowhere") == "failed")
        #expect(detail("nowhere").hasPrefix("DNS: the host name cannot be resolved"), "\(detail("nowhere"))")

        #expect(status("slow") == "failed")
        #expect(detail("slow").hasPrefix("timeout"), "\(detail("slow"))")

        #expect(status("unset") == "skipped")
        #expect(detail("unset").contains("$NO_SUCH_KEY"))
        // Checked side by side: the slow one's second does not add to the others'.
        #expect(elapsed < .seconds(15))

        let text = try await workspace.run(["providers", "--check", "--provider"])
        #expect(text.status == 64)  // not an option of `providers`
        let plain = try await workspace.run(
            ["providers", "--check"], environment: ["GOOD_KEY": "test-access-key-7f3a9c"])
        #expect(plain.stdout.hasPrefix("Checking providers in config.yaml:\n  photos     ok: answered"))
        #expect(plain.stdout.contains("\n  refused    failed: key refused (HTTP 401)"))

        // Unsplash answers a spent quota with 403 and no requests left: said as such, not as a refused key.
        let spent = try Workspace(
            config: """
                providers:
                  spent:
                    type: unsplash
                    access_key: tiny-quota-key-0001
                    endpoint: \(base)
                """)
        defer { spent.remove() }
        for _ in 0..<2 { #expect(try await spent.run(["providers", "--check"]).status == 0) }
        let third = try await spent.run(["providers", "--check"])
        #expect(third.status == 1)
        #expect(
            third.stdout.hasPrefix(
                "Checking providers in config.yaml:\n  spent     failed: rate limited (HTTP 403); rate limit: 0 of 2 requests left"
            ),
            "\(third.stdout)")
    }

    @Test("a server whose certificate is self-signed: the check says TLS, and the certificate problem")
    func selfSignedCertificate() async throws {
        let server = try await LoopbackServer.start(script: "self_signed_tls_server.py")
        defer { server.stop() }
        let port = try #require(server.baseURL.port)
        let workspace = try Workspace(
            config: """
                providers:
                  selfsigned:
                    type: openverse
                    endpoint: https://127.0.0.1:\(port)/v1/
                """)
        defer { workspace.remove() }
        let output = try await workspace.run(["providers", "--check", "--json"])
        #expect(output.status == 1, "stderr: \(output.stderr)")
        let entries = try #require(output.json()["providers"] as? [[String: Any]])
        #expect(entries.first?["status"] as? String == "failed")
        let detail = entries.first?["detail"] as? String ?? "<none>"
        #expect(detail.hasPrefix("TLS: TLS with 127.0.0.1 failed: "), "\(detail)")
        #expect(detail.contains("self-signed certificate"), "\(detail)")
    }
}
