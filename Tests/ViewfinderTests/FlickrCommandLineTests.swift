import Foundation
import ProviderKit
import ProviderTesting
import Testing

/// The built binary searching the bundled-style samples and a fake Flickr (Tests/Fixtures/flickr_server.py) at once.
@Suite("viewfinder with Flickr", .serialized)
struct FlickrCommandLineTests {
    let flickr: LoopbackServer
    let workspace: Workspace

    init() async throws {
        flickr = try await LoopbackServer.start(script: "flickr_server.py")
        workspace = try Workspace(
            config: """
                providers:
                  photos:
                    type: local-folder
                    path: photos
                  flickr:
                    type: flickr
                    api_key: ${FLICKR_API_KEY}
                    endpoint: \(flickr.url("/services/rest/").absoluteString)
                    per_page: 20
                """)
        try workspace.addSample("harbor-lighthouse-dusk.jpg", as: "harbor-lighthouse-dusk.jpg")
    }

    @Test("results from the folder and from Flickr are merged into one ranked list")
    func mergedSearch() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--limit", "25", "--format", "json"], environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 25)
        #expect(Set(results.compactMap { $0["provider"] as? String }) == ["photos", "flickr"])
        // Both providers' first results share the top score.
        #expect(results.prefix(2).compactMap { $0["provider"] as? String }.sorted() == ["flickr", "photos"])
        let fromFlickr = try #require(results.first { $0["provider"] as? String == "flickr" })
        #expect((fromFlickr["page_url"] as? String)?.hasPrefix("https://www.flickr.com/photos/") == true)
        #expect((fromFlickr["thumbnail_url"] as? String)?.hasSuffix("_q.jpg") == true)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["ok", "ok"])
        #expect(providers[1]["count"] as? Int == 25)  // each provider is asked for the whole limit
    }

    @Test("the key never appears in output or --verbose logs; requests are logged with api_key=***")
    func keyNeverLeaks() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--verbose", "--format", "ndjson"], environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("api_key=***"))
        #expect(!output.stderr.contains("test-key-1234"))
        #expect(!output.stdout.contains("test-key-1234"))
    }

    @Test("a key a server echoes back inside a photo (title, author, image URL) is hidden in every encoding")
    func echoedKeyInPhotos() async throws {
        defer { workspace.remove() }
        let key = "ECHO-SECRET/500+XYZ=="
        for format in ["table", "json", "ndjson"] {
            let output = try await workspace.run(
                ["search", "echo-photo", "--provider", "flickr", "--format", format, "--verbose"],
                environment: ["FLICKR_API_KEY": key, "COLUMNS": "400"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("Harbor GET /services/rest/"), "\(format): \(output.stdout)")
            for text in [output.stdout, output.stderr] {
                #expect(!Redaction.contains(text, secret: key), "\(format): \(text)")
                #expect(!text.contains("XYZ"), "\(format): \(text)")
            }
        }
    }

    @Test(
        "without a key Flickr is skipped with a note; with a rejected key it fails with advice, and the search still succeeds"
    )
    func missingAndRejectedKeys() async throws {
        defer { workspace.remove() }
        let skipped = try await workspace.run(["search", "harbor"])
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("– flickr skipped: api_key is empty; set $FLICKR_API_KEY to enable it"))
        let rejected = try await workspace.run(["search", "harbor"], environment: ["FLICKR_API_KEY": "wrong-key-0000"])
        #expect(rejected.status == 0)
        #expect(
            rejected.stderr.contains(
                "✗ flickr failed: Flickr rejected the API key (Invalid API Key (Key has invalid format)); check $FLICKR_API_KEY"
            ))
        #expect(!rejected.stderr.contains("wrong-key-0000"))
        let only = try await workspace.run(
            ["search", "harbor", "--provider", "flickr", "--format", "json"],
            environment: ["FLICKR_API_KEY": "wrong-key-0000"])
        #expect(only.status == 1)
    }
}
