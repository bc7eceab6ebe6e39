import Foundation
import Testing

/// The built binary running external provider programs: the examples, and broken programs for every failure.
@Suite("viewfinder with exec plugins", .serialized)
struct ExecCommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let broken = fixture("broken-plugin.py")

    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/Fixtures/plugins/\(name)").path
    }

    /// A workspace whose config has one `exec` instance per entry of `plugins` (name → YAML lines).
    func workspace(_ plugins: [(String, String)]) throws -> Workspace {
        let instances = plugins.map { name, body in
            "  \(name):\n    type: exec\n" + body.split(separator: "\n").map { "    \($0)\n" }.joined()
        }.joined()
        return try Workspace(config: "search:\n  timeout: 20s\nproviders:\n" + instances)
    }

    func statuses(_ output: ViewfinderProcess.Output) throws -> [String: (status: String, error: String?)] {
        let providers = try #require(try output.json()["providers"] as? [[String: Any]])
        var result: [String: (String, String?)] = [:]
        for provider in providers {
            result[provider["name"] as? String ?? ""] = (
                provider["status"] as? String ?? "", provider["error"] as? String
            )
        }
        return result
    }

    @Test("the Python and shell examples run as providers, with options passed through")
    func examples() async throws {
        let catalogue = Self.repository.appendingPathComponent("Examples/plugins/public-domain-catalog.py").path
        let swatches = Self.repository.appendingPathComponent("Examples/plugins/colour-swatches.sh").path
        let workspace = try workspace([
            ("catalogue", "command: [\(catalogue)]\nboost: industry"),
            ("swatches", "command: [\(swatches)]"),
        ])
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["pd-7", "pd-1", "pd-2"])  // boosted first
        #expect(results.first?["thumbnail_url"] as? String == "https://example.org/public-domain/pd-7_thumb.jpg")
        #expect(results.first?["taken_at"] as? String == "1912-04-22T11:00:00Z")
        let swatch = try await workspace.run(["search", "teal", "--format", "json"])
        let swatchResults = try #require(try swatch.json()["results"] as? [[String: Any]])
        #expect(swatchResults.map { $0["id"] as? String } == ["swatch-teal"])
        #expect(try statuses(swatch)["swatches"]?.status == "ok")
    }

    @Test("a plugin's impossible values become unknown, each with a --verbose note naming the plugin and photo")
    func impossibleValues() async throws {
        let workspace = try workspace([("odd", "command: [\(Self.broken), impossible]")])
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "lisbon", "--format", "json", "--verbose"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let photo = try #require((try output.json()["results"] as? [[String: Any]])?.first)
        #expect(photo["width"] is NSNull && photo["height"] is NSNull && photo["location"] is NSNull)
        for note in [
            #"odd: photo "w0": width 0 is impossible; taken as unknown"#,
            #"odd: photo "w0": height -5 is impossible; taken as unknown"#,
            #"odd: photo "w0": a position off the globe; taken as unknown"#,
        ] {
            #expect(output.stderr.contains(note), "\(note) in \(output.stderr)")
        }
    }

    @Test("every broken program is one failed provider with a clear message; the others still answer")
    func failures() async throws {
        let notExecutable = Self.repository.appendingPathComponent("Tests/Fixtures/plugins/not-executable.sh").path
        let workspace = try workspace([
            ("missing", "command: [./no-such-plugin]"),
            ("notexec", "command: [\(notExecutable)]"),
            ("exit3", "command: [\(Self.broken), exit-3]"),
            ("badjson", "command: [\(Self.broken), bad-json]"),
            ("noid", "command: [\(Self.broken), missing-id]"),
            ("reports", "command: [\(Self.broken), error-line]"),
            ("flood", "command: [\(Self.broken), flood]"),
            ("good", "command: [\(Self.broken), slow-photos]\nmax_results: 2"),
        ])
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "anything", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let status = try statuses(output)
        #expect(status["good"]?.status == "ok")
        #expect(
            status["missing"]?.error
                == "cannot run `\(workspace.url.path)/no-such-plugin`: No such file or directory; check `command` in the configuration"
        )
        #expect(status["notexec"]?.error?.contains("Permission denied") == true)
        #expect(
            status["exit3"]?.error
                == "the program exited with status 3; its last lines on stderr: loading catalogue... | fatal: catalogue.db is corrupt"
        )
        #expect(
            status["badjson"]?.error
                == #"output line 2 is not valid JSON: {"photo": {"id": "p2", "title": unquoted}}"#)
        #expect(status["noid"]?.error == "output line 1 has a photo without an `id`")
        #expect(status["reports"]?.error == "the program reported: the catalogue server refused our token")
        #expect(
            status["flood"]?.error
                == "`broken-plugin.py` wrote more than 16 MiB to standard output, the limit for one search; "
                + "it was stopped with everything it started")
        for name in ["missing", "notexec", "exit3", "badjson", "noid", "reports", "flood"] {
            #expect(status[name]?.status == "failed", "\(name)")
        }
    }

    @Test("a program that hangs after a photo is killed at its timeout, with its children: a partial answer, exit 0")
    func hangingProgram() async throws {
        let marker = "vf-e2e-hang-\(UUID().uuidString)"
        // Room for the photo to arrive on a loaded machine (a Python start) before the timeout.
        let workspace = try workspace([("stuck", "command: [\(Self.broken), hang, \(marker)]\ntimeout: 1500ms")])
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "x", "--format", "json"])
        #expect(output.status == 0, "results were printed: the search did not fail")
        #expect(try statuses(output)["stuck"]?.status == "timed_out")
        #expect(try statuses(output)["stuck"]?.error == "no answer within 1.5 s")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["p1"])  // what arrived before the timeout is kept
        let table = try await workspace.run(["search", "x"])
        #expect(table.status == 0)
        #expect(table.stderr.contains("stuck partial: 1 photo, then no answer within 1.5 s"), "\(table.stderr)")
        try await Task.sleep(for: .milliseconds(300))
        let leftovers = try ViewfinderProcessList.matching(marker)
        #expect(leftovers.isEmpty, "still running: \(leftovers)")
    }

    @Test("the program gets the environment minus every variable a secret was built from, plus its own env")
    func environment() async throws {
        let workspace = try Workspace(
            config: """
                providers:
                  flickr:
                    type: flickr
                    api_key: ${FLICKR_API_KEY}
                    endpoint: http://127.0.0.1:9/
                  fivehundred:
                    type: 500px
                    consumer_key: "prefix-${FIVEHUNDREDPX_CONSUMER_KEY}"
                    endpoint: http://127.0.0.1:9/
                  probe:
                    type: exec
                    command: [\(Self.broken), env, FLICKR_API_KEY, FIVEHUNDREDPX_CONSUMER_KEY, PLUGIN_GREETING]
                    env:
                      PLUGIN_GREETING: hello
                """)
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "x", "--provider", "probe", "--format", "json"],
            environment: ["FLICKR_API_KEY": "flickr-secret-123", "FIVEHUNDREDPX_CONSUMER_KEY": "px-secret-456"])
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(
            results.first?["title"] as? String
                == "FLICKR_API_KEY=absent FIVEHUNDREDPX_CONSUMER_KEY=absent PLUGIN_GREETING=hello")
        #expect(!output.stdout.contains("px-secret-456") && !output.stderr.contains("px-secret-456"))
    }

    @Test("ten plugins sleeping 100 s with `timeout: 3s` all time out at 3 s, and none is left running")
    func tenSleepingPlugins() async throws {
        let marker = "vf-e2e-sleep-\(UUID().uuidString)"
        let workspace = try workspace(
            (0..<10).map { ("sleeper\($0)", "command: [/bin/sh, -c, sleep 100, \(marker)]\ntimeout: 3s") })
        defer { workspace.remove() }
        let clock = ContinuousClock()
        let started = clock.now
        let output = try await workspace.run(["search", "x", "--format", "json"])
        let elapsed = clock.now - started
        #expect(elapsed < .seconds(7), "took \(elapsed)")  // the plugins would sleep 100 s
        let status = try statuses(output)
        for index in 0..<10 {
            #expect(status["sleeper\(index)"]?.status == "timed_out")
            #expect(status["sleeper\(index)"]?.error?.contains("no answer within 3") == true)
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try ViewfinderProcessList.matching(marker).isEmpty)
    }

    @Test("a plugin that never reads stdin, given a 900 KB request (over a socket buffer), times out and is killed")
    func neverReadsStdin() async throws {
        let marker = "vf-e2e-deaf-\(UUID().uuidString)"
        let big = String(repeating: "x", count: 900_000)  // under the 1 MiB configuration cap
        let workspace = try workspace([
            ("deaf", "command: [\(Self.fixture("never-reads-stdin.sh")), \(marker)]\ntimeout: 1s\nbig: \(big)")
        ])
        defer { workspace.remove() }
        let clock = ContinuousClock()
        let started = clock.now
        let output = try await workspace.run(["search", "x", "--format", "json"])
        let elapsed = clock.now - started
        #expect(elapsed < .seconds(4), "took \(elapsed)")  // the plugin would sleep 100 s
        #expect(try statuses(output)["deaf"]?.status == "timed_out")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try ViewfinderProcessList.matching(marker).isEmpty)
    }

    @Test("a plugin that exits leaving a background child is ok at once, and the child is killed")
    func backgroundChild() async throws {
        let marker = "vf-e2e-bg-\(UUID().uuidString)"
        let workspace = try workspace([
            ("bg", "command: [\(Self.fixture("background-child.sh")), \(marker)]\ntimeout: 10s")
        ])
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "x", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(try statuses(output)["bg"]?.status == "ok")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["bg"])
        try await Task.sleep(for: .milliseconds(300))
        #expect(try ViewfinderProcessList.matching(marker).isEmpty)
    }

    @Test("a plugin writing without end is stopped at the 16 MiB limit, and memory stays bounded")
    func endlessOutput() async throws {
        let workspace = try workspace([("endless", "command: [\(Self.fixture("endless-output.sh"))]")])
        defer { workspace.remove() }
        let output = try await ViewfinderProcess.run(
            ["search", "x", "--format", "json"], in: workspace.url,
            launcher: [Self.fixture("peak-memory.py"), ViewfinderProcess.binary.path])
        #expect(
            try statuses(output)["endless"]?.error
                == "`endless-output.sh` wrote more than 16 MiB to standard output, the limit for one search; "
                + "it was stopped with everything it started")
        let peak = output.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb: ") }
        let kilobytes = try #require(peak.flatMap { Int($0.dropFirst("peak-rss-kb: ".count)) })
        #expect(kilobytes < 256 * 1024, "peak \(kilobytes) KB")  // was 3.6 GB before output was counted as read
    }

    @Test(
        "one 16 MiB line of empty tags, of an unknown list of zeros or of a title: one photo, memory near a plain search",
        arguments: ["empty-tags", "unknown-zeros", "long-title"])
    func hugeLine(kind: String) async throws {
        let workspace = try workspace([("huge", "command: [\(Self.fixture("huge-line.py")), \(kind)]\ntimeout: 60s")])
        defer { workspace.remove() }
        let output = try await ViewfinderProcess.run(
            ["search", "harbor", "--format", "json"], in: workspace.url,
            launcher: [Self.fixture("peak-memory.py"), ViewfinderProcess.binary.path])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["huge"])
        #expect(results.first?["tags"] as? [String] == ["harbor"])
        if kind == "long-title" {
            #expect((results.first?["title"] as? String)?.count == 1_000)
        }
        let peak = output.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb: ") }
        let kilobytes = try #require(peak.flatMap { Int($0.dropFirst("peak-rss-kb: ".count)) })
        // A plain search peaks near 45 MB in a debug build; the decoder took 400 MB for such a line.
        #expect(kilobytes < 150 * 1024, "peak \(kilobytes) KB")
    }

    @Test(
        "exec options JSON cannot carry are rejected at their line and column, by search and by config check",
        arguments: [(".inf", "`.inf`"), (".nan", "`.nan`"), ("-.inf", "`-.inf`"), ("1e400", "`1e400`")])
    func nonFiniteOptions(value: String, shown: String) async throws {
        let workspace = try Workspace(
            config: "providers:\n  p:\n    type: exec\n    command: [/bin/true]\n    nested: {list: [1, \(value)]}\n")
        defer { workspace.remove() }
        let message =
            "config.yaml:5:24: `nested.list[1]` of provider `p`: \(shown) is not a finite number, which JSON "
            + "cannot carry; write a finite number, or quote it to pass it as text"
        let search = try await workspace.run(["search", "x", "--format", "json"])
        #expect(search.status != 0)
        #expect(search.stderr.contains(message), "stderr: \(search.stderr)")
        #expect(!search.stdout.contains("{}"))
        let check = try await workspace.run(["config", "check", "config.yaml"])
        #expect(check.status != 0)
        #expect(check.stderr.contains(message), "stderr: \(check.stderr)")
    }
}

/// Processes whose command line contains a marker.
enum ViewfinderProcessList {
    static func matching(_ marker: String) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return String(decoding: data, as: UTF8.self).contains(marker) && !state.contains(") Z ")
        }
    }
}
