import Foundation
import Testing

/// Signals, broken and full outputs end Viewfinder with the conventional status, and never
/// leave a plugin (or anything it started) running.
@Suite("signals and failed output", .serialized)
struct SignalAndOutputCommandLineTests {
    @Test(
        "SIGTERM, SIGHUP and SIGQUIT during a search stop every plugin group, print what arrived as Ctrl-C does, and exit with 128 + the signal",
        arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func terminatingSignal(signal: Int32, expected: Int32) async throws {
        let workspace = try PluginWorkspace(plugins: [("first", "hold"), ("second", "hold")])
        defer { workspace.remove() }
        let run = try RunningViewfinder(["search", "harbor", "--format", "json"], in: workspace.url)
        let groups = [
            try await workspace.processGroup(of: "first"), try await workspace.processGroup(of: "second"),
        ]
        try await Task.sleep(for: .milliseconds(300))  // let their photos arrive
        kill(run.pid, signal)
        let status = await run.status()
        #expect(status == expected, "stderr: \(run.errorText())")
        let printed = try run.stdout.fileHandleForReading.readToEnd() ?? Data()
        let json = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
        #expect(
            (json?["results"] as? [[String: Any]])?.first?["id"] as? String == "p1", "stdout: \(printed.count) bytes")
        for group in groups {
            #expect(try await PluginWorkspace.survivorsAfterGrace(ofGroup: group) == [])
        }
    }

    @Test("Ctrl-C (SIGINT) stops every plugin group, prints what arrived and exits with 130")
    func interrupt() async throws {
        let workspace = try PluginWorkspace(plugins: [("first", "hold")])
        defer { workspace.remove() }
        let run = try RunningViewfinder(["search", "harbor", "--format", "json"], in: workspace.url)
        let group = try await workspace.processGroup(of: "first")
        try await Task.sleep(for: .milliseconds(300))  // let its photo arrive
        try await Self.expectInterrupted(run, group: group)
    }

    @Test(
        "started with its signals blocked (as Foundation's Process passes on a Swift thread's mask), the watcher thread still takes them, and Ctrl-C exits with 130"
    )
    func startedWithSignalsBlocked() async throws {
        let workspace = try PluginWorkspace(plugins: [("first", "hold")])
        defer { workspace.remove() }
        let watched = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH, SIGTSTP, SIGCONT]
        // Blocked on this thread while it starts the run, whatever the thread's mask was.
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in watched { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let started = Result { try RunningViewfinder(["search", "harbor", "--format", "json"], in: workspace.url) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let run = try started.get()
        let group = try await workspace.processGroup(of: "first")
        try await Task.sleep(for: .milliseconds(300))  // let its photo arrive
        let threads = RunningViewfinder.threadMasks(of: run.pid)
        let watcher = try #require(threads["vf-signals"], "threads: \(threads)")
        #expect(threads["vf-output"].map { Self.blocks($0, SIGINT) } == true, "the mask was passed on: \(threads)")
        for signal in watched {
            #expect(!Self.blocks(watcher, signal), "the watcher blocks signal \(signal): \(threads)")
        }
        try await Self.expectInterrupted(run, group: group)
    }

    /// Sends `run` Ctrl-C's SIGINT; it prints the photo that arrived (p1), exits with 130 and
    /// leaves nothing of plugin group `group` running.
    static func expectInterrupted(_ run: RunningViewfinder, group: pid_t) async throws {
        kill(run.pid, SIGINT)
        let status = await run.status()
        #expect(status == 130, "stderr: \(run.errorText())")
        let printed = try run.stdout.fileHandleForReading.readToEnd() ?? Data()
        let json = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
        #expect((json?["results"] as? [[String: Any]])?.first?["id"] as? String == "p1")
        #expect(try await PluginWorkspace.survivorsAfterGrace(ofGroup: group) == [])
    }

    /// Whether `mask` (a `SigBlk` value from `/proc`) blocks `signal`.
    static func blocks(_ mask: UInt64, _ signal: Int32) -> Bool {
        mask & (1 << UInt64(signal - 1)) != 0
    }

    @Test(
        "a reader that goes away (| head -1) ends the search quietly with 141, and no plugin survives",
        arguments: ["stream", "hold"])
    func brokenPipe(secondMode: String) async throws {
        // With `stream` the next write fails; with only `hold` nothing more is written, and the
        // idle output thread notices the closed pipe. Either way, long before the 60 s deadline.
        let workspace = try PluginWorkspace(plugins: [("first", "hold"), ("second", secondMode)])
        defer { workspace.remove() }
        let run = try RunningViewfinder(["search", "harbor", "--format", "ndjson"], in: workspace.url)
        let groups = [try await workspace.processGroup(of: "first"), try await workspace.processGroup(of: "second")]
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

    @Test("the index cache goes under $XDG_CACHE_HOME, else $HOME/.cache, never the account's real home")
    func cacheFolder() async throws {
        let workspace = try PluginWorkspace(plugins: [])
        defer { workspace.remove() }
        try FileManager.default.createDirectory(
            at: workspace.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Workspace.samples.appendingPathComponent("harbor-crane-fog.jpg"),
            to: workspace.url.appendingPathComponent("photos/harbor-crane-fog.jpg"))
        try Data("providers:\n  photos:\n    type: local-folder\n    path: photos\n".utf8)
            .write(to: workspace.url.appendingPathComponent("config.yaml"))
        let home = workspace.url.appendingPathComponent("home")
        let output = try await ViewfinderProcess.run(
            ["search", "fog"], in: workspace.url, environment: ["HOME": home.path, "XDG_CACHE_HOME": ""])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let cached = try FileManager.default.contentsOfDirectory(
            atPath: home.appendingPathComponent(".cache/viewfinder/local-folder").path)
        #expect(cached.contains { $0.hasSuffix(".index") })
    }

    /// `/bin/sh -c script binary`: runs the built binary as `$0` with the shell's redirections.
    static func shell(_ script: String) -> [String] {
        ["/bin/sh", "-c", script, ViewfinderProcess.binary.path]
    }
}
