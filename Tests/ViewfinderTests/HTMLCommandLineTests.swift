import Foundation
import Testing

/// `--format html` and `--open`: the gallery page from the built binary.
@Suite("viewfinder --format html")
struct HTMLCommandLineTests {
    /// One local folder; extra providers may follow.
    static let config = "providers:\n  photos:\n    type: local-folder\n    path: photos\n"

    /// Two photos, one whose file name is markup.
    func workspace() throws -> Workspace {
        let workspace = try Workspace(config: Self.config)
        for (sample, name) in [
            ("harbor-lighthouse-dusk.jpg", "lighthouse.jpg"), ("harbor-crane-fog.jpg", "crane <fog>.jpg"),
        ] {
            try workspace.addSample(sample, as: "harbor " + name)
        }
        return workspace
    }

    @Test("--format html writes one self-contained page with a cell per result")
    func galleryPage() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--format", "html"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let page = output.stdout
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.components(separatedBy: "<figure class=\"cell\"").count - 1 == 2)
        #expect(page.contains("class=\"chip ok\""))
        #expect(!page.contains("<link") && !page.contains("<script src"))
        // A file name is text from outside: escaped, and linked only as a file:// URL.
        #expect(!page.contains("<fog>"))
        #expect(page.contains("file://"))
    }

    @Test("popular --format html works too")
    func popularPage() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["popular", "--format", "html"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("<title>Popular · Viewfinder</title>"))
    }

    @Test("--open writes the page to the cache folder and says where it is when nothing can open it")
    func openWithoutOpener() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        // PATH without xdg-open.
        let output = try await workspace.run(["search", "harbor", "--open"], environment: ["PATH": "/nonexistent"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.isEmpty)
        let file = workspace.url.appendingPathComponent("cache/viewfinder/pages/search-harbor.html")
        #expect(
            output.stderr.contains(
                "no browser could be started (xdg-open is not installed); the page is at \(file.path)"))
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains("<figure class=\"cell\""))
        // The user's own: the page (its query, its results) is 0600 in a 0700 folder.
        let mode = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(mode(file.path) == 0o600)
        #expect(mode(file.deletingLastPathComponent().path) == 0o700)
    }

    @Test("--open says no browser could be started when xdg-open fails, with its reason, and where the page is")
    func openerFails() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        // An xdg-open that fails as the real one does on a machine without a browser.
        let bin = workspace.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open")
        try ExecutableScript.write(
            "#!/bin/sh\necho 'xdg-open: no method available for opening '\"$1\"'' >&2\nexit 3\n", to: opener)
        let output = try await workspace.run(
            ["search", "harbor", "--open"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let file = workspace.url.appendingPathComponent("cache/viewfinder/pages/search-harbor.html")
        #expect(
            output.stderr.contains(
                "no browser could be started (xdg-open: no method available for opening"),
            "\(output.stderr)")
        #expect(output.stderr.contains("the page is at \(file.path)"))
        #expect(!output.stderr.contains("opened"))
    }

    @Test("the browser is started with no signal blocked, whatever mask Viewfinder was started with")
    func openerSignalMask() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        // An xdg-open that notes its blocked signals, then fails; the test starts Viewfinder
        // from a thread of Swift's pool, whose mask blocks nearly every signal.
        let bin = workspace.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let noted = workspace.url.appendingPathComponent("mask")
        let script = """
            #!/bin/sh
            while read -r key value; do [ "$key" = SigBlk: ] && echo "$value" > \(noted.path); done < /proc/$$/status
            exit 3
            """
        try ExecutableScript.write(script, to: bin.appendingPathComponent("xdg-open"))
        let output = try await workspace.run(
            ["search", "harbor", "--open"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let mask = try String(contentsOf: noted, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(mask == "0000000000000000")
    }

    @Test("--open with --format json is a usage error")
    func openNeedsHTML() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--open", "--format", "json"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--open"))
    }

    @Test("a configured secret never reaches the page, even inside a file name")
    func secretsAreRedacted() async throws {
        let workspace = try Workspace(
            config: Self.config + "  unsplash:\n    type: unsplash\n    access_key: ${WEB_TEST_KEY}\n")
        defer { workspace.remove() }
        try workspace.addSample("harbor-crane-fog.jpg", as: "harbor-k3yS3cr3tValue.jpg")
        let output = try await workspace.run(
            ["search", "harbor", "--format", "html", "--provider", "photos"],
            environment: ["WEB_TEST_KEY": "k3yS3cr3tValue"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("<figure class=\"cell\""))
        #expect(!output.stdout.contains("k3yS3cr3tValue"))
    }
}
