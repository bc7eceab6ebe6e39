import Foundation
import ProviderTesting
import Testing

/// The built binary with a local folder and a fake 500px (Tests/Fixtures/fivehundredpx_server.py).
@Suite("viewfinder with 500px", .serialized)
struct FiveHundredPxCommandLineTests {
    let server: LoopbackServer
    let workspace: Workspace

    init() async throws {
        server = try await LoopbackServer.start(script: "fivehundredpx_server.py")
        workspace = try Workspace(
            oneSampleAnd: """
                500px:
                  type: 500px
                  consumer_key: ${FIVEHUNDREDPX_CONSUMER_KEY}
                  endpoint: \(server.url("/v1").absoluteString)
                  weight: 2
                """)
    }

    @Test("popular merges the folder's newest files with 500px's feed; the heavier provider leads")
    func popular() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["popular", "--limit", "5", "--format", "json"], environment: ["FIVEHUNDREDPX_CONSUMER_KEY": "px-key-5678"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.count == 5)
        #expect(results.first?["provider"] as? String == "500px")
        #expect((results.first?["page_url"] as? String)?.hasPrefix("https://500px.com/photo/") == true)
        #expect(!output.stdout.contains("px-key-5678") && !output.stderr.contains("px-key-5678"))
    }

    @Test("without the consumer key, 500px is skipped with a note naming the variable")
    func skipped() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor"])
        #expect(output.status == 0)
        #expect(
            output.stderr.contains(
                "– 500px skipped: consumer_key is empty; set $FIVEHUNDREDPX_CONSUMER_KEY to enable it"))
    }
}
