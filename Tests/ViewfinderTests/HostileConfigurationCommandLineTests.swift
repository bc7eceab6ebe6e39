import Foundation
import Testing

/// Absurd numbers and alias bombs on the command line and in the file are errors, never a crash.
@Suite("hostile configuration on the command line", .serialized)
struct HostileConfigurationCommandLineTests {
    @Test("a huge --timeout or --limit is a usage error (64), not a crash")
    func hugeOptions() async throws {
        let workspace = try PluginWorkspace(plugins: [("p", "hostile")])
        defer { workspace.remove() }
        let timeout = try await ViewfinderProcess.run(
            ["search", "x", "--timeout", "10000000000000000h"], in: workspace.url)
        #expect(timeout.status == 64)
        #expect(timeout.stderr.contains("--timeout '10000000000000000h' is longer than 24h, the longest accepted."))
        let limit = try await ViewfinderProcess.run(["search", "x", "--limit", "10001"], in: workspace.url)
        #expect(limit.status == 64)
        #expect(limit.stderr.contains("--limit as a whole number from 1 to 10000"))
    }

    @Test("config check reports a huge timeout, an absurd weight, .inf options and an alias bomb with their lines")
    func hostileFile() async throws {
        let workspace = try PluginWorkspace(plugins: [])
        defer { workspace.remove() }
        let files = [
            "timeout.yaml":
                "search:\n  timeout: 10000000000000000h\nproviders:\n  p:\n    type: exec\n    command: [x]\n",
            "numbers.yaml": "providers:\n  p:\n    type: exec\n    command: [x]\n    weight: 1e308\n    n: .nan\n",
            "bomb.yaml":
                "providers:\n  p:\n    type: exec\n    command: [x]\n    a: &a [x, x, x, x]\n    b: [*a, *a, *a]\n",
        ]
        let expected = [
            "timeout.yaml": ["timeout.yaml:2:12: `search.timeout` must be a number with a unit from 1ms to 24h"],
            "numbers.yaml": [
                "numbers.yaml:5:13: `weight` must be a number from 0 to 100",
                "numbers.yaml:6:8: `n` of provider `p`: `.nan` is not a finite number, which JSON cannot carry",
            ],
            "bomb.yaml": ["bomb.yaml:6:9: YAML aliases (`*name`) are not supported"],
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: workspace.url.appendingPathComponent(name))
            let output = try await ViewfinderProcess.run(["config", "check", name], in: workspace.url)
            #expect(output.status == 78, "\(name): \(output.stdout)")
            for message in expected[name] ?? [] {
                #expect(output.stderr.contains(message), "\(name): \(output.stderr)")
            }
        }
    }
}
