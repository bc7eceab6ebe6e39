import Foundation
import Testing

/// A plugin receives the filters in its request, and the filters it declares applied are not applied again.
@Suite("exec plugin filters end to end", .serialized)
struct ExecFilterCommandLineTests {
    /// Saves its request to `request.json`; `declares` says it applied the licence and sends a
    /// photo without one; `silent` sends that photo and a CC0 one.
    static let plugin = #"""
        #!/usr/bin/env python3
        import json, sys
        request = sys.stdin.readline()
        open("request.json", "w").write(request)
        if sys.argv[1] == "declares":
            print(json.dumps({"filters_applied": ["license"]}))
        print(json.dumps({"photo": {"id": "unlabelled", "title": "Harbor without a licence"}}))
        if sys.argv[1] == "silent":
            print(json.dumps({"photo": {"id": "cc0", "title": "Harbor in the public domain", "license": "CC0"}}))
        """#

    func workspace(mode: String) throws -> Workspace {
        let workspace = try Workspace(
            config: """
                providers:
                  catalogue:
                    type: exec
                    command: [./plugin.py, \(mode)]
                """)
        let script = workspace.url.appendingPathComponent("plugin.py")
        try ExecutableScript.write(Self.plugin, to: script)
        return workspace
    }

    @Test("a plugin that declares the licence filter applied keeps its photos, and its status says so")
    func declared() async throws {
        let workspace = try workspace(mode: "declares")
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--license", "cc0", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["id"] as? String } == ["unlabelled"])
        let filters = (json["providers"] as? [[String: Any]])?.first?["filters"] as? [String: Any]
        #expect(filters?["at_source"] as? [String] == ["license"])
        #expect(filters?["after"] as? [String] == [])
        let request = try String(contentsOf: workspace.url.appendingPathComponent("request.json"), encoding: .utf8)
        #expect(request.contains(#""filters":{"license":["CC0-1.0"]}"#), "\(request)")
    }

    @Test("a plugin that declares nothing has every filter applied afterwards")
    func silent() async throws {
        let workspace = try workspace(mode: "silent")
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--license", "cc0"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("Harbor in the public domain"))
        #expect(!output.stdout.contains("Harbor without a licence"))
        #expect(output.stderr.contains("catalogue ok: 1 photo in"))
        #expect(output.stderr.contains(" · license after (−1)"), "\(output.stderr)")
    }
}
