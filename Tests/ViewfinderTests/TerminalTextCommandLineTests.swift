import Foundation
import Testing

/// Text from outside reaches the terminal without control characters; JSON keeps it.
@Suite("text from outside on the terminal", .serialized)
struct TerminalTextCommandLineTests {
    /// The Unicode scalars a terminal would act on: C0 except newline, DEL, C1, bidi overrides.
    static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        }
    }

    @Test("titles, authors and provider errors with escape sequences and newlines print as one safe line each")
    func table() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile"), ("failing", "fail")])
        defer { workspace.remove() }
        let output = try await ViewfinderProcess.run(["search", "x"], in: workspace.url)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(Self.controls(in: output.stdout) == [], "stdout: \(output.stdout)")
        #expect(Self.controls(in: output.stderr) == [], "stderr: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 3, "a header and one line per photo: \(lines)")
        #expect(output.stdout.contains("Evil Title"))
        #expect(output.stderr.contains("bad �[31mthing happened�]0;title�"))
    }

    @Test("a 2 MB title is cut to the terminal's width at once: the table costs the same whatever a source sends")
    func longTitle() async throws {
        let workspace = try PluginWorkspace(plugins: [("long", "long")])
        defer { workspace.remove() }
        let clock = ContinuousClock()
        let started = clock.now
        let output = try await ViewfinderProcess.run(
            ["search", "x"], in: workspace.url, environment: ["COLUMNS": "100"])
        #expect(clock.now - started < .seconds(4), "took \(clock.now - started)")  // was 10 s for 2 MB
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.count <= 100 }, "\(lines.map(\.count))")
        #expect(lines.last?.contains("xxx…") == true)
    }

    @Test("JSON keeps the text exactly, with every control a terminal acts on (C0, C1, bidi) escaped")
    func json() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile")])
        defer { workspace.remove() }
        let output = try await ViewfinderProcess.run(["search", "x", "--format", "json"], in: workspace.url)
        // C0 controls are escaped by the encoder (\u001b), C1 and bidi controls by Viewfinder (\u009b).
        #expect(Self.controls(in: output.stdout) == [])
        #expect(output.stdout.contains("\\u009b31m"))
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        #expect(results.first?["title"] as? String == "\u{1B}[2JEvil\nTitle\r\u{9B}31m")
    }

    @Test("the gallery page written to standard output carries no control character from a source or the query")
    func html() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile"), ("failing", "fail")])
        defer { workspace.remove() }
        let output = try await ViewfinderProcess.run(
            ["search", "x\u{1B}]0;retitled\u{07}", "--format", "html"], in: workspace.url)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        // Tabs and line feeds are the page's own layout; everything else a terminal obeys is gone.
        #expect(Self.controls(in: output.stdout).allSatisfy { $0 == 0x09 })
        #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        #expect(output.stdout.contains("\u{FFFD}[2JEvil Title \u{FFFD}31m"))
        #expect(output.stdout.contains("x\u{FFFD}]0;retitled\u{FFFD}"))
    }

    @Test("TERM=dumb gets no escape sequence on a terminal; another terminal does (so the test can fail)")
    func dumbTerminal() async throws {
        let workspace = try PluginWorkspace(plugins: [("hostile", "hostile")])
        defer { workspace.remove() }
        let script = ["/usr/bin/script", "-qec", "'\(ViewfinderProcess.binary.path)' search x", "/dev/null"]
        let colourful = try await ViewfinderProcess.run(
            [], in: workspace.url, environment: ["TERM": "xterm", "NO_COLOR": ""], launcher: script)
        #expect(colourful.stdout.contains("\u{1B}["))
        let dumb = try await ViewfinderProcess.run(
            [], in: workspace.url, environment: ["TERM": "dumb", "NO_COLOR": ""], launcher: script)
        #expect(dumb.status == 0)
        #expect(dumb.stdout.contains("Evil Title"))
        #expect(!dumb.stdout.contains("\u{1B}"), "output: \(dumb.stdout)")
    }
}
