import Foundation
import ProviderKit
import ProviderTesting
import Testing

/// `viewfinder download` end to end: an exec plugin finds photos on a loopback image host.
@Suite("viewfinder download", .serialized)
struct DownloadCommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A folder with a plugin printing one photo per image path given, and its configuration.
    static func workspace(imageURLs: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var script = "#!/bin/sh\n"
        for (index, image) in imageURLs.enumerated() {
            script +=
                "printf '%s\\n' '{\"photo\":{\"id\":\"p\(index)\",\"title\":\"Photo \(index)\",\"image_url\":\"\(image)\"}}'\n"
        }
        let plugin = url.appendingPathComponent("plugin.sh")
        try ExecutableScript.write(script, to: plugin)
        let config = """
            search:
              timeout: 20s
            download:
              parallel: 4
              filename: "{provider}/{title}.{ext}"
            providers:
              web:
                type: exec
                command: [./plugin.sh]

            """
        try Data(config.utf8).write(to: url.appendingPathComponent("config.yaml"))
        return url
    }

    static func server() async throws -> LoopbackServer {
        try await LoopbackServer.start(
            script: "Tests/DownloadsTests/download_server.py",
            arguments: [repository.appendingPathComponent("Samples/beach-pier-blue-hour.jpg").path])
    }

    static func files(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("downloads every result with a sidecar and exits 0; a failed one is listed and the exit is 1")
    func downloadAndSummary() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let workspace = try Self.workspace(imageURLs: ["\(base)/img/a", "\(base)/img/b", "\(base)/html/c"])
        defer { try? FileManager.default.removeItem(at: workspace) }

        // With --sync each file is synced before it is named; what ends on disk is the same.
        let run = try RunningViewfinder(
            ["download", "photo", "--to", "out", "--format", "json", "--sync"], in: workspace)
        let status = await run.status()
        let stderr = run.errorText()
        #expect(status == 1, "stderr: \(stderr)")
        #expect(stderr.contains("Downloaded 2 files"))
        #expect(stderr.contains("failed 1:"))
        #expect(stderr.contains("web p2: the server's answer is not an image (sent as text/html"))
        let files = Self.files(in: workspace.appendingPathComponent("out"))
        #expect(files.contains("web/Photo 0.jpg"))
        #expect(files.contains("web/Photo 0.jpg.xmp"))
        #expect(files.contains("web/Photo 1.jpg"))
        #expect(files.contains("CREDITS.md"))

        let again = try RunningViewfinder(["search", "photo", "--download", "out", "--format", "json"], in: workspace)
        #expect(await again.status() == 1)
        let summary = again.errorText()
        #expect(summary.contains("Downloaded 0 files (0 B) into"))
        #expect(summary.contains("already had 2; failed 1"))
    }

    @Test("results written while the download starts are whole (exit 0)")
    func resultsBesideTheDownload() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let workspace = try Self.workspace(imageURLs: ["\(base)/img/a", "\(base)/img/b"])
        defer { try? FileManager.default.removeItem(at: workspace) }

        // Standard error is a pipe here, so the results are written while the download starts.
        let done = try await ViewfinderProcess.run(
            ["search", "photo", "--download", "out", "--format", "json"], in: workspace)
        #expect(done.status == 0, "stderr: \(done.stderr)")
        let results = try #require(try done.json()["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["id"] as? String } == ["p0", "p1"])
        #expect(done.stderr.contains("Downloaded 2 files"))
    }

    @Test(
        "--to a file, or a folder below a file, fails before the search runs, saying why (exit 1; issue 36)",
        arguments: [["download", "photo", "--to"], ["search", "photo", "--download"]])
    func folderCheckedBeforeTheSearch(_ command: [String]) async throws {
        let workspace = try Self.workspace(imageURLs: ["http://127.0.0.1:9/img/a"])
        defer { try? FileManager.default.removeItem(at: workspace) }
        // The plugin leaves a mark when it runs: it must not.
        let plugin = workspace.appendingPathComponent("plugin.sh")
        let script = try String(contentsOf: plugin, encoding: .utf8)
        try Data(script.replacingOccurrences(of: "#!/bin/sh\n", with: "#!/bin/sh\ntouch searched\n").utf8)
            .write(to: plugin)
        for target in ["config.yaml", "config.yaml/out"] {
            let failed = try await ViewfinderProcess.run(command + [target, "--format", "json"], in: workspace)
            #expect(failed.status == 1, "stderr: \(failed.stderr)")
            #expect(failed.stderr.contains("config.yaml is a file, not a folder"), "stderr: \(failed.stderr)")
            #expect(failed.stdout.isEmpty, "results were printed: \(failed.stdout)")
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("searched").path))
        }
    }

    @Test("--filename with a `.` or `..` part is refused before the search, naming the part (exit 64; issue 36)")
    func dotPartInFilename() async throws {
        let workspace = try Self.workspace(imageURLs: [])
        defer { try? FileManager.default.removeItem(at: workspace) }
        for template in ["./{title}.{ext}", "{provider}/../{id}"] {
            let refused = try await ViewfinderProcess.run(
                ["download", "photo", "--to", "out", "--filename", template], in: workspace)
            #expect(refused.status == 64, "stderr: \(refused.stderr)")
            #expect(refused.stderr.contains("as a folder"), "stderr: \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out").path))
        }
    }

    @Test("`download` names its folder with --to only; `search` and `popular` offer --download in a Download section")
    func destinationOptions() async throws {
        let workspace = try Self.workspace(imageURLs: [])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let help = try await ViewfinderProcess.run(["download", "--help"], in: workspace)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--to <dir>") && help.stdout.contains("--per-host <n>"))
        #expect(
            help.stdout.contains("--sync/--no-sync") && help.stdout.contains("download.sync, off"), "\(help.stdout)")
        #expect(!help.stdout.contains("--download"), "\(help.stdout)")
        let twice = try await ViewfinderProcess.run(["download", "x", "--to", "a", "--download", "b"], in: workspace)
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("Unknown option '--download'"), "\(twice.stderr)")
        for command in ["search", "popular"] {
            let searchHelp = try await ViewfinderProcess.run([command, "--help"], in: workspace)
            #expect(searchHelp.stdout.contains("DOWNLOAD:") && searchHelp.stdout.contains("--download <dir>"))
        }
    }

    @Test("Ctrl-C during downloads exits 130 and leaves no temporary or partial file")
    func interrupt() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let workspace = try Self.workspace(imageURLs: (0..<6).map { "\(base)/img/s\($0)?delay=60" })
        defer { try? FileManager.default.removeItem(at: workspace) }
        let out = workspace.appendingPathComponent("out")

        let run = try RunningViewfinder(["download", "photo", "--to", "out", "--format", "json"], in: workspace)
        // Every transfer (four at once, `per_host`'s default) has its temporary file open in the
        // folder: unnamed (O_TMPFILE), so only the process's descriptors show it.
        var temporary: [String] = []
        var requested = 0
        for _ in 0..<400 where temporary.count < 4 || requested < 4 {
            temporary = Self.openFiles(of: run.pid).filter {
                $0.hasPrefix(out.path + "/") && $0.hasSuffix(" (deleted)")
            }
            requested = try await Self.imageRequests(server)
            if temporary.count < 4 || requested < 4 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(temporary.count == 4, "unnamed files open in the folder: \(temporary)")
        #expect(requested == 4)
        kill(run.pid, SIGINT)
        let status = await run.status()
        #expect(status == 130, "stderr: \(run.errorText())")
        // The summary is printed before Viewfinder ends by the signal (issue 36).
        let summary = run.errorText()
        #expect(summary.contains("Stopped. Downloaded 0 files (0 B) into"), "\(summary)")
        #expect(summary.contains("already had 0; failed 0; not finished 6"), "\(summary)")
        let left = Self.files(in: out)
        #expect(!left.contains { $0.hasSuffix(".viewfinder-part") }, "left: \(left)")
        #expect(!left.contains { $0.hasSuffix(".jpg") }, "left: \(left)")
    }

    @Test("Ctrl-C after some files are named: each has its sidecar and archive entry, so a re-run has them")
    func interruptAfterSomeFiles() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let fast = (0..<3).map { "\(base)/img/f\($0)" }
        let workspace = try Self.workspace(imageURLs: fast + (0..<3).map { "\(base)/img/s\($0)?delay=60" })
        defer { try? FileManager.default.removeItem(at: workspace) }
        let out = workspace.appendingPathComponent("out")

        let run = try RunningViewfinder(["download", "photo", "--to", "out", "--format", "json"], in: workspace)
        var named: [String] = []
        for _ in 0..<400 where named.count < 3 {
            named = Self.files(in: out).filter { $0.hasSuffix(".jpg") }
            if named.count < 3 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(named.count == 3, "the fast files were not named: \(Self.files(in: out))")
        kill(run.pid, SIGINT)
        #expect(await run.status() == 130, "stderr: \(run.errorText())")
        // What was downloaded and what was not, as the normal end says it (issue 36).
        let summary = run.errorText()
        #expect(summary.contains("Stopped. Downloaded 3 files"), "\(summary)")
        #expect(summary.contains("already had 0; failed 0; not finished 3"), "\(summary)")
        let left = Self.files(in: out)
        for file in left where file.hasSuffix(".jpg") {
            #expect(left.contains(file + ".xmp"), "\(file) has no sidecar: \(left)")
        }
        #expect(!left.contains { $0.hasSuffix(".viewfinder-part") }, "left: \(left)")
        // The files kept are credited as a finished run credits them (these photos ask for none).
        let credits = (try? String(contentsOf: out.appendingPathComponent("CREDITS.md"), encoding: .utf8)) ?? ""
        #expect(credits.hasPrefix("# Credits"), "no CREDITS.md after Ctrl-C: \(left)")

        // The re-run (only the fast photos now) finds all three in the archive: no image is asked for again.
        let before = try await Self.imageRequests(server)
        let again = try RunningViewfinder(
            ["download", "photo", "--to", "out", "--format", "json", "--limit", "3"], in: workspace)
        #expect(await again.status() == 0, "stderr: \(again.errorText())")
        #expect(again.errorText().contains("already had 3; failed 0"), "\(again.errorText())")
        #expect(try await Self.imageRequests(server) == before)
    }

    /// What the process `pid` has open, as `/proc` names it.
    static func openFiles(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
    }

    /// How many image requests the fake host has answered.
    static func imageRequests(_ server: LoopbackServer) async throws -> Int {
        let response = try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: server.url("/stats")))
        let stats = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let requests = stats?["requests"] as? [[String: Any]] ?? []
        return requests.filter { ($0["path"] as? String)?.hasPrefix("/img/") == true }.count
    }
}
