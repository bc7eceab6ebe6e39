import Foundation
import Testing

/// Signals, broken and full outputs end Viewfinder with the conventional status, and never
/// leave a plugin (or anything it started) running.
@Suite("signals and failed output", .serialized)
struct SignalAndOutputCommandLineTests {
    @Test(
        "SIGTERM and SIGHUP during a search stop every plugin group and exit with 128 + the signal",
        arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func terminatingSignal(signal: Int32, expected: Int32) async throws {
        let workspace = try PluginWorkspace(plugins: [("first", "hold"), ("second", "hold")])
        defer { workspace.remove() }
        let run = try RunningViewfinder(["search", "harbor", "--format", "ndjson"], in: workspace.url)
        let groups = [
            try await workspace.processGroup(of: "first"), try await workspace.processGroup(of: "second"),
        ]
        kill(run.pid, signal)
        let status = await run.status()
        #expect(status == expected, "stderr: \(run.errorText())")
        for group in groups {
            #expect(try await PluginWorkspace.survivorsAfterGrace(ofGroup: group) == [])
        }
    }

    @Test("a reader that goes away (| head -1) ends the search quietly with 141, and no plugin survives")
    func brokenPipe() async throws {
        let workspace = try PluginWorkspace(plugins: [("stream", "stream"), ("hold", "hold")])
        defer { workspace.remove() }
        let run = try RunningViewfinder(["search", "harbor", "--format", "ndjson"], in: workspace.url)
        let groups = [try await workspace.processGroup(of: "stream"), try await workspace.processGroup(of: "hold")]
        let line = await run.firstLine()
        #expect(line.contains("\"event\""))
        try run.stdout.fileHandleForReading.close()
        let started = ContinuousClock.now
        let status = await run.status()
        #expect(status == 141)
        #expect(ContinuousClock.now - started < .seconds(20), "it stops at the first failed write, not at the deadline")
        #expect(run.errorText() == "")
        for group in groups {
            #expect(try await PluginWorkspace.survivorsAfterGrace(ofGroup: group) == [])
        }
    }

    @Test("a full disk (> /dev/full) is a message and exit 1, for a search and for config check")
    func fullDisk() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile")])
        defer { workspace.remove() }
        for arguments in [["search", "x"], ["search", "x", "--format", "json"], ["config", "check"], ["providers"]] {
            let output = try await ViewfinderProcess.run(
                [], in: workspace.url,
                launcher: Self.shell("exec \"$0\" \(arguments.joined(separator: " ")) >/dev/full"))
            #expect(output.status == 1, "\(arguments)")
            #expect(
                output.stderr.contains("viewfinder: error: cannot write to standard output: No space left on device"),
                "\(arguments): \(output.stderr)")
        }
    }

    @Test("a closed standard output (>&-) is a quiet exit 1, and no file takes its place")
    func closedOutput() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile")])
        defer { workspace.remove() }
        for arguments in [["search", "x"], ["config", "check"]] {
            let output = try await ViewfinderProcess.run(
                [], in: workspace.url, launcher: Self.shell("exec \"$0\" \(arguments.joined(separator: " ")) >&-"))
            #expect(output.status == 1, "\(arguments): \(output.stderr)")
            #expect(output.stderr == "" || output.stderr.hasPrefix("✓"), "\(arguments): \(output.stderr)")
        }
        let config = try String(contentsOf: workspace.url.appendingPathComponent("config.yaml"), encoding: .utf8)
        #expect(config.hasPrefix("search:"), "the results were not written into a file opened later")
    }

    /// `/bin/sh -c script binary`: runs the built binary as `$0` with the shell's redirections.
    static func shell(_ script: String) -> [String] {
        ["/bin/sh", "-c", script, ViewfinderProcess.binary.path]
    }
}
