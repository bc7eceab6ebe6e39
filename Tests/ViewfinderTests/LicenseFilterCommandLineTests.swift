import Foundation
import ProviderKit
import ProviderTesting
import Testing

/// `--license cc0` end to end over the bundled samples, a fake Flickr (which applies licences at
/// its source) and a fake Openverse (whose licence codes only narrow, so the search checks again).
@Suite("licence filter and --explain across providers", .serialized)
struct LicenseFilterCommandLineTests {
    let flickr: LoopbackServer
    let openverse: LoopbackServer
    let workspace: Workspace

    init() async throws {
        flickr = try await LoopbackServer.start(script: "flickr_server.py")
        openverse = try await LoopbackServer.start(script: "Tests/OpenverseProviderTests/openverse_server.py")
        workspace = try Workspace(
            config: """
                search:
                  limit: 40
                providers:
                  samples:
                    type: local-folder
                    path: \(Workspace.samples.path)
                  flickr:
                    type: flickr
                    api_key: ${FLICKR_API_KEY}
                    endpoint: \(flickr.url("/services/rest/").absoluteString)
                    per_page: 20
                  openverse:
                    type: openverse
                    endpoint: \(openverse.url("/v1").absoluteString)
                    weight: 0.5
                """)
    }

    private let environment = ["FLICKR_API_KEY": "test-key-1234"]

    @Test("--license cc0 returns only public-domain results, and each provider's status says where it ran")
    func onlyCC0() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--license", "cc0", "--format", "json"], environment: environment)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let license = result["license"] as? [String: Any]
            #expect(license?["id"] as? String == "CC0-1.0", "\(result)")
            #expect(license?["attribution_required"] as? Bool == false)
        }
        #expect(Set(results.compactMap { $0["provider"] as? String }).isSuperset(of: ["flickr", "openverse"]))
        let providers = try #require(json["providers"] as? [[String: Any]])
        let filters = Dictionary(
            providers.map { ($0["name"] as? String ?? "", $0["filters"] as? [String: Any] ?? [:]) },
            uniquingKeysWith: { a, _ in a })
        #expect(filters["samples"]?["at_source"] as? [String] == ["license"])
        #expect(filters["flickr"]?["at_source"] as? [String] == ["license"])
        #expect(filters["flickr"]?["removed"] as? Int == 0)
        #expect(filters["openverse"]?["after"] as? [String] == ["license"])
        #expect(filters["openverse"]?["at_source"] as? [String] == [])
        #expect((filters["openverse"]?["removed"] as? Int ?? 0) > 0)  // the fake ignores `license`
        #expect(filters["openverse"]?["page_bound_reached"] as? Bool == false)
        let calls = try await Self.calls(of: flickr)
        #expect(!calls.isEmpty && calls.allSatisfy { $0["license"] == "9" })
    }

    @Test("the table's provider lines say which filters ran at the source and which after, and how many went")
    func statusLines() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--license", "cc0", "--orientation", "landscape"], environment: environment)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = output.stderr.split(separator: "\n").map(String.init)
        let flickrLine = try #require(lines.first { $0.contains("flickr ok") })
        #expect(flickrLine.contains(" · license at source; orientation after (−"), "\(flickrLine)")
        let openverseLine = try #require(lines.first { $0.contains("openverse ok") })
        #expect(openverseLine.contains(" · orientation at source; license after (−"), "\(openverseLine)")
        let samplesLine = try #require(lines.first { $0.contains("samples ok") })
        #expect(samplesLine.hasSuffix(" · license, orientation at source"), "\(samplesLine)")
    }

    @Test("a filter no provider can evaluate is noted once, not per provider")
    func unevaluableNotedOnce() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--provider", "openverse", "--taken-after", "2020-01-01", "--format", "json"],
            environment: environment)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let notes = output.stderr.components(separatedBy: "no provider could evaluate the --taken-after/--taken-before")
        #expect(notes.count == 2, "stderr: \(output.stderr)")
        #expect(!output.stderr.contains("openverse: none of its photos gives"))
        let providers = try #require(try output.json()["providers"] as? [[String: Any]])
        #expect((providers.first?["filters"] as? [String: Any])?["unevaluable"] as? [String] == ["taken"])
    }

    @Test("--explain: each JSON result lists one term per provider that returned it, summing to its score")
    func explainJSON() async throws {
        defer { workspace.remove() }
        for format in ["json", "ndjson"] {
            let output = try await workspace.run(
                ["search", "harbor", "--explain", "--format", format], environment: environment)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let json = try #require(format == "json" ? try output.json() : try output.jsonLines().last)
            let results = try #require(json["results"] as? [[String: Any]])
            #expect(!results.isEmpty)
            var merged = 0
            for result in results {
                let terms = try #require(result["explanation"] as? [[String: Any]])
                let sum = terms.reduce(0.0) { $0 + ($1["contribution"] as? Double ?? .nan) }
                let score = try #require(result["score"] as? Double)
                #expect(abs(sum - score) < 1e-6)  // JSON scores carry six decimals
                for term in terms {
                    let weight = try #require(term["weight"] as? Double)
                    let rank = try #require(term["rank"] as? Int)
                    #expect(abs((term["contribution"] as? Double ?? 0) - weight / (60 + Double(rank))) < 1e-12)
                }
                if terms.count > 1 { merged += 1 }
            }
            // Flickr photo 53000000104 is also Openverse's image 0: one result, two terms.
            #expect(merged >= 1)
        }
        let plain = try await workspace.run(["search", "harbor", "--format", "json"], environment: environment)
        let results = try #require(try plain.json()["results"] as? [[String: Any]])
        #expect(results.allSatisfy { $0["explanation"] == nil })
    }

    @Test("--explain adds a Why column to a wide table")
    func explainTable() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--explain"], environment: environment.merging(["COLUMNS": "260"]) { $1 })
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("Why") == true, "\(output.stdout)")
        #expect(lines.contains { $0.contains("flickr #") && $0.contains(" + openverse #") && $0.contains("×0.5 .") })
    }

    static func calls(of server: LoopbackServer) async throws -> [[String: String]] {
        let response = try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/stats")))
        let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return json?["calls"] as? [[String: String]] ?? []
    }
}
