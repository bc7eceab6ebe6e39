import Foundation
import ProviderTesting
import Testing

/// `viewfinder browse` in a real terminal (tmux, LANG=C.UTF-8) over the bundled samples, a fake
/// Openverse, a slow plugin and a failing one; every screen it checks is saved as text and PNG.
@Suite("viewfinder browse in a terminal", .serialized)
struct BrowseTerminalTests {
    /// A plugin answering after 1.5 s with a wide-character title and an image on the loopback host.
    static func slowPlugin(imageURL: String) -> String {
        """
        #!/bin/sh
        sleep 1.5
        printf '%s\\n' '{"photo":{"id":"s1","title":"港の夕日 harbor at dusk 🌅","author":"Aiko","image_url":"\(imageURL)","page_url":"https://example.org/s1","license":"CC-BY-4.0"}}'
        printf '%s\\n' '{"photo":{"id":"s2","title":"Slow harbor 2","author":"Aiko","image_url":"\(imageURL)"}}'

        """
    }

    static let brokenPlugin = """
        #!/bin/sh
        printf '%s\\n' '{"error":"the archive is down"}'

        """

    struct Setting {
        let workspace: Workspace
        let openverse: LoopbackServer
        let images: LoopbackServer
        let terminal: TmuxTerminal

        func remove() async {
            await terminal.stop()
            openverse.stop()
            images.stop()
            workspace.remove()
        }

        /// Starts `viewfinder browse arguments` from a script the shell runs, which records `stty -a`
        /// before and after and the exit status (a trap, not an ignored SIGINT, so the script goes on
        /// after a Ctrl-C while browse starts with SIGINT's default action).
        func startBrowse(_ arguments: String = "", command: String = "browse", setUp: String = "") async throws {
            let script = """
                trap 'true' INT
                \(setUp)
                stty -a > before.txt
                \(ViewfinderProcess.binary.path) \(command) \(arguments)
                status=$?
                stty -a > after.txt
                echo "status=$status" > status.txt

                """
            try Data(script.utf8).write(to: workspace.url.appendingPathComponent("run.sh"))
            try await terminal.type("sh run.sh")
            try await terminal.press("Enter")
            try await terminal.waitFor("Search:")
        }

        /// Waits for the shell's record of how browse ended.
        func exitStatus() async throws -> String {
            let file = workspace.url.appendingPathComponent("status.txt")
            for _ in 0..<200 {
                if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
                    return text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            return "never ended"
        }

        func file(_ name: String) -> String {
            (try? String(contentsOf: workspace.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
    }

    /// Runs `body` with a fresh setting, records what it throws, and removes the setting after.
    static func withSetting(
        columns: Int = 120, rows: Int = 30, environment: [String: String] = [:],
        _ body: (Setting) async throws -> Void
    ) async throws {
        let setting = try await setting(columns: columns, rows: rows, environment: environment)
        do {
            try await body(setting)
        } catch {
            Issue.record(error)
        }
        await setting.remove()
    }

    static func setting(columns: Int = 120, rows: Int = 30, environment: [String: String] = [:]) async throws -> Setting
    {
        let openverse = try await LoopbackServer.start(script: "Tests/OpenverseProviderTests/openverse_server.py")
        let images = try await LoopbackServer.start(
            script: "Tests/DownloadsTests/download_server.py",
            arguments: [Workspace.samples.appendingPathComponent("beach-pier-blue-hour.jpg").path])
        let workspace = try Workspace(
            config: """
                search:
                  limit: 40
                  timeout: 20s
                providers:
                  samples:
                    type: local-folder
                    path: \(Workspace.samples.path)
                  openverse:
                    type: openverse
                    endpoint: \(openverse.url("/v1").absoluteString)
                    weight: 0.5
                  slow:
                    type: exec
                    command: [./slow.sh]
                  broken:
                    type: exec
                    command: [./broken.sh]
                """)
        for (name, script) in [
            ("slow.sh", slowPlugin(imageURL: images.url("/img/a").absoluteString)), ("broken.sh", brokenPlugin),
        ] {
            let path = workspace.url.appendingPathComponent(name)
            try ExecutableScript.write(script, to: path)
        }
        let terminal = try await TmuxTerminal(
            in: workspace.url, columns: columns, rows: rows, environment: environment)
        return Setting(workspace: workspace, openverse: openverse, images: images, terminal: terminal)
    }

    @Test(
        "typing a query fills the list as providers answer, with a slow and a failing one; moving; the full-screen view; q leaves the terminal as it was"
    )
    func searchMoveViewQuit() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            try await setting.startBrowse()
            try await terminal.save("browse-start")
            try await terminal.type("harbor")
            try await terminal.press("Enter")
            // The failing provider says why at once, the slow one is still running, the others' rows are in.
            let arriving = try await terminal.waitFor("✗ broken failed")
            #expect(arriving.contains("… slow running") || arriving.contains("✓ slow"), "\(arriving)")
            try await terminal.save("browse-arriving")
            let done = try await terminal.waitFor("✓ slow 2 photos")
            #expect(done.contains("✓ samples"))
            #expect(done.contains("✓ openverse"))
            #expect(done.contains("港の夕日 harbor at dusk 🌅"))
            #expect(done.split(separator: "\n").allSatisfy { $0.count <= 120 })
            try await terminal.save("browse-results")

            // The selection stayed on the photo first shown while better ones arrived; Home goes to the top.
            try await terminal.press("Home")
            try await terminal.waitFor(" 1/")
            try await terminal.press("Down")
            try await terminal.press("Down")
            let moved = try await terminal.waitFor("3/")
            #expect(moved.contains(" 3/"), "\(moved)")
            try await terminal.press("Enter")
            try await terminal.waitFor("photo 3 of")
            // The photo itself, as block art (tmux draws no pixels), once its thumbnail is drawn.
            let photo = try await terminal.waitFor("▄")
            #expect(photo.split(separator: "\n").filter { $0.contains("▄") }.count >= 10, "\(photo)")
            try await terminal.save("browse-photo")
            try await terminal.press("Right")
            try await terminal.waitFor("photo 4 of")
            try await terminal.press("Escape")
            try await terminal.waitFor("4/")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
            #expect(setting.file("before.txt") == setting.file("after.txt"))
            #expect(!setting.file("before.txt").isEmpty)
            let after = try await terminal.screen()
            #expect(after.contains("$ "), "the shell's prompt is back: \(after)")
        }
    }

    @Test("d downloads the selected photo into the pictures folder, the progress and summary in the status line")
    func download() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            // Only the slow plugin answers this; its first photo (selected) has an image on the loopback host.
            try await setting.startBrowse("港の夕日")
            try await terminal.waitFor("✓ slow 2 photos")
            // c: the credit line to the clipboard with OSC 52, which tmux keeps as its buffer.
            try await terminal.press("c")
            try await terminal.waitFor("Credit line copied.")
            let buffer = try await terminal.run(["show-buffer"])
            #expect(buffer.hasPrefix("“港の夕日 harbor at dusk 🌅” (https://example.org/s1) by Aiko"), "\(buffer)")
            try await terminal.press("d")
            let summary = try await terminal.waitFor("Downloaded 1 file")
            #expect(summary.contains("failed 0"), "\(summary)")
            try await terminal.save("browse-download")
            let folder = setting.workspace.url.appendingPathComponent("Pictures/Viewfinder")
            let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            #expect(files.contains { $0.hasSuffix(".jpg") }, "\(files)")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("? lists the keys and any key goes back; p shows the popular feeds; o opens the photo's page with xdg-open")
    func keysPopularOpen() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            // An xdg-open first on PATH that records what it was asked to open, as a browser would be started.
            let opener = """
                #!/bin/sh
                printf '%s\\n' "$1" > opened.txt

                """
            let bin = setting.workspace.url.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try ExecutableScript.write(opener, to: bin.appendingPathComponent("xdg-open"))
            try await setting.startBrowse("港の夕日", setUp: "export PATH=\"$PWD/bin:$PATH\"")
            try await terminal.waitFor("✓ slow 2 photos")

            try await terminal.press("?")
            let keys = try await terminal.waitFor("Any key to go back.")
            for line in ["download the marked photos", "open the photo's page", "the providers' popular photos"] {
                #expect(keys.contains(line), "\(keys)")
            }
            try await terminal.save("browse-keys")
            try await terminal.press("x")
            try await terminal.waitFor("✓ slow 2 photos")

            try await terminal.press("o")
            let opened = try await terminal.waitFor("Opened https://example.org/s1")
            #expect(opened.contains("港の夕日"), "\(opened)")
            for _ in 0..<100 where setting.file("opened.txt").isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            #expect(setting.file("opened.txt") == "https://example.org/s1\n")

            try await terminal.press("p")
            let popular = try await terminal.waitUntil("the popular feeds") { screen in
                screen.contains("popular photos") && screen.contains("✓ samples") && screen.contains("✓ slow")
            }
            #expect(popular.contains("Search: popular photos"), "\(popular)")
            // The list changed under the picture: no row of the picture was moved along with it
            // and left behind (the samples' pictures have no two equal rows).
            let pictureRows = popular.split(separator: "\n").map { $0.dropFirst(72) }.filter { $0.contains("▄") }
            #expect(pictureRows.count >= 10, "\(popular)")
            #expect(zip(pictureRows, pictureRows.dropFirst()).allSatisfy { $0 != $1 }, "\(popular)")
            try await terminal.save("browse-popular")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("f sets filters with the options' own words; a wrong value is said, a right one searches again")
    func filters() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            try await setting.startBrowse("harbor")
            try await terminal.waitFor("✓ slow")
            try await terminal.press("f")
            try await terminal.waitFor("Filters")
            try await terminal.press("Down")
            try await terminal.type("round")
            try await terminal.press("Enter")
            try await terminal.waitFor("not landscape, portrait or square")
            try await terminal.press("C-u")
            try await terminal.type("landscape")
            try await terminal.save("browse-filters")
            try await terminal.press("Enter")
            let filtered = try await terminal.waitFor("orientation landscape")
            #expect(!filtered.contains("Filters"))
            try await terminal.waitFor("✓ slow")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("a resize redraws at the new size; at 40 columns the preview is gone and every row fits")
    func resize() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            try await setting.startBrowse("harbor")
            try await terminal.waitFor("✓ slow")
            try await terminal.resize(columns: 40, rows: 20)
            let narrow = try await terminal.waitUntil("a 40-column screen") { screen in
                !screen.contains("by ") && screen.contains("Search: harbor")
            }
            let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= 40 }, "\(narrow)")
            try await terminal.save("browse-40-columns")
            try await terminal.resize(columns: 120, rows: 30)
            try await terminal.waitFor("from ")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("Ctrl-C quits as q does, the terminal put back, and the shell sees the interrupt (130)")
    func controlC() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            try await setting.startBrowse("harbor")
            try await terminal.waitFor("✓ slow")
            try await terminal.press("C-c")
            #expect(try await setting.exitStatus() == "status=130")
            #expect(setting.file("before.txt") == setting.file("after.txt"))
        }
    }

    @Test("Ctrl-Z puts the terminal back and stops; fg takes it again and redraws")
    func suspendAndResume() async throws {
        try await Self.withSetting { setting in
            let terminal = setting.terminal
            try await setting.startBrowse("harbor")
            try await terminal.waitFor("✓ slow")
            try await terminal.press("C-z")
            try await terminal.waitUntil("the shell's prompt") { !$0.contains("Search: harbor") }
            try await terminal.type("stty -a > suspended.txt")
            try await terminal.press("Enter")
            for _ in 0..<100 where !setting.file("suspended.txt").contains("werase") {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(setting.file("suspended.txt") == setting.file("before.txt"))
            try await terminal.type("fg")
            try await terminal.press("Enter")
            try await terminal.waitFor("✓ slow")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
            #expect(setting.file("before.txt") == setting.file("after.txt"))
        }
    }

    @Test("viewfinder alone on a terminal opens the screen; Esc on an empty screen leaves it")
    func bareCommand() async throws {
        try await Self.withSetting { setting in
            try await setting.startBrowse(command: "")
            try await setting.terminal.press("Escape")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("a crash signal puts the terminal back, then Swift's own handler ends the process by it")
    func crashSignal() async throws {
        try await Self.withSetting(environment: ["SWIFT_BACKTRACE": "enable=no"]) { setting in
            try await setting.startBrowse("harbor")
            try await setting.terminal.waitFor("✓ slow")
            let browse = try #require(Self.browseProcess(), "no browse process found")
            kill(browse, SIGSEGV)
            #expect(try await setting.exitStatus() == "status=139")
            #expect(setting.file("before.txt") == setting.file("after.txt"))
        }
    }

    /// The running `viewfinder browse` (only this serialized suite starts one).
    static func browseProcess() -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first == ViewfinderProcess.binary.path, arguments.dropFirst().first == "browse" { return pid }
        }
        return nil
    }

    @Test("under LANG=C, non-ASCII text shows as ?, never as broken bytes")
    func asciiLocale() async throws {
        try await Self.withSetting(environment: ["LANG": "C"]) { setting in
            let terminal = setting.terminal
            try await setting.startBrowse("港の夕日")
            let screen = try await terminal.waitFor("????")
            #expect(screen.contains("Search: ????????"), "\(screen)")
            #expect(!screen.contains("港"))
            // The screen's own symbols have ASCII stand-ins ("x broken failed", "| Enter view").
            #expect(screen.contains("| Enter view") && !screen.contains("? Enter view"), "\(screen)")
            try await terminal.save("browse-lang-c")
            try await terminal.press("q")
            #expect(try await setting.exitStatus() == "status=0")
        }
    }

    @Test("TERM=dumb is refused with a pointer to search; without a terminal it is refused too")
    func refusals() async throws {
        let workspace = try Workspace(config: "providers: {}\n")
        defer { workspace.remove() }
        let dumb = try await workspace.run(["browse"], environment: ["TERM": "dumb"])
        #expect(dumb.status == 64)
        #expect(dumb.stderr.contains("TERM is dumb"))
        #expect(dumb.stderr.contains("viewfinder search QUERY"))
        let piped = try await workspace.run(["browse"], environment: ["TERM": "xterm"])
        #expect(piped.status == 64)
        #expect(piped.stderr.contains("needs a terminal on standard input and output"))
        let bare = try await workspace.run([])
        #expect(bare.stdout.contains("USAGE") || bare.stdout.contains("SUBCOMMANDS"), "\(bare.stdout)")
    }
}
