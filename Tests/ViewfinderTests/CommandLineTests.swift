import Foundation
import Testing

/// End-to-end runs of the built `viewfinder` binary on temporary folders and configurations.
@Suite("viewfinder command line", .serialized)
struct CommandLineTests {
    static let config = """
        search:
          limit: 10
          timeout: 10s
        providers:
          photos:
            type: local-folder
            path: photos
          archive:
            type: local-folder
            path: ${ARCHIVE_DIR}
            weight: 0.5
        """

    func workspace() throws -> Workspace {
        try Workspace.withThreeSamples(config: Self.config)
    }

    @Test("--format json prints one object with ranked results and every provider's status")
    func jsonOutput() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "fog", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        #expect(json["query"] as? String == "fog")
        let results = try #require(json["results"] as? [[String: Any]])
        // Both names hold "fog" as a whole word; the shorter name is the closer match.
        #expect(results.map { $0["id"] as? String } == ["city/bridge-fog.jpg", "harbor-crane-fog.jpg"])
        #expect(results.map { $0["rank"] as? Int } == [1, 2])
        let first = results[0]
        #expect(first["provider"] as? String == "photos")
        #expect((first["score"] as? Double ?? 0) > 0.016)
        #expect(first["path"] as? String == workspace.url.appendingPathComponent("photos/city/bridge-fog.jpg").path)
        #expect((first["page_url"] as? String)?.hasPrefix("file:///") == true)
        #expect(first["taken_at"] as? String == "2023-11-05T07:30:18")  // DateTimeOriginal, no offset recorded: local
        #expect(first["title"] as? String == "Bridge in the fog")
        // The samples state "CC0 1.0 (public domain dedication)" in their EXIF Copyright.
        #expect((first["license"] as? [String: Any])?["id"] as? String == "CC0-1.0")
        #expect(first["thumbnail_url"] is NSNull)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["name"] as? String } == ["photos", "archive"])
        #expect(providers.map { $0["status"] as? String } == ["ok", "skipped"])
        #expect(providers[0]["count"] as? Int == 2)
        #expect(providers[0]["duration_ms"] is Int)
        #expect(providers[1]["error"] as? String == "path is empty; set $ARCHIVE_DIR to enable it")
        #expect(providers[1]["duration_ms"] is NSNull)
    }

    @Test("--format ndjson prints events as they happen and a final done event")
    func ndjsonOutput() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor", "--format", "ndjson"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let events = try output.jsonLines()
        #expect(events.map { $0["event"] as? String } == ["provider_done", "page", "provider_done", "done"])
        #expect(events[0]["name"] as? String == "archive")
        #expect(events[0]["status"] as? String == "skipped")
        #expect(events[1]["provider"] as? String == "photos")
        #expect((events[1]["photos"] as? [Any])?.count == 2)
        #expect(events[2]["name"] as? String == "photos")
        #expect(events[2]["status"] as? String == "ok")
        #expect((events[3]["results"] as? [Any])?.count == 2)
        #expect(events[3]["query"] as? String == "harbor")
    }

    @Test("the table shows ranked rows and a line per provider, with the skip reason")
    func tableOutput() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbor"], environment: ["COLUMNS": "100"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#  Title") == true)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(output.stdout.contains("Lighthouse at dusk"))
        #expect(output.stderr.contains("✓ photos ok: 2 photos in"))
        #expect(output.stderr.contains("– archive skipped: path is empty; set $ARCHIVE_DIR to enable it"))
        #expect(!output.stderr.contains("\u{1B}["))  // not a terminal: no status line, no colour
    }

    @Test("a narrow terminal still gets rows that fit")
    func narrowTable() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "fog"], environment: ["COLUMNS": "50"])
        #expect(output.status == 0)
        #expect(output.stdout.split(separator: "\n").allSatisfy { $0.count <= 50 })
    }

    @Test("no results is not an error")
    func noResults() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "volcano"])
        #expect(output.status == 0)
        #expect(output.stdout == "No photos found matching “volcano”.\n")
    }

    @Test("exit 1 when every selected provider fails, with the reason")
    func allFailed() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "fog", "--format", "json"], environment: ["ARCHIVE_DIR": "/nonexistent/archive"])
        #expect(output.status == 0)  // one provider still answered
        let failing = try await workspace.run(
            ["search", "fog", "--provider", "archive", "--format", "json"],
            environment: ["ARCHIVE_DIR": "/nonexistent/archive"])
        #expect(failing.status == 1)
        let providers = try #require(try failing.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["failed"])
        #expect((providers[0]["error"] as? String)?.contains("/nonexistent/archive does not exist") == true)
    }

    @Test("an invalid configuration exits 78 with file:line:column messages")
    func invalidConfiguration() async throws {
        let workspace = try Workspace(config: "providers:\n  photos:\n    type: local-folder\n    pth: photos\n")
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "fog"])
        #expect(output.status == 78)
        #expect(
            output.stderr.contains(
                "config.yaml:4:5: unknown key `pth` for provider `photos` (type local-folder); did you mean `path`?"))
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        #expect(
            check.stderr.contains("config.yaml:3:5: provider `photos` needs `path`")
                || check.stderr.contains("config.yaml:4:5"))
    }

    @Test("config check reports OK for a good file, and a missing file by name")
    func configCheck() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let good = try await workspace.run(["config", "check"])
        #expect(good.status == 0)
        #expect(
            good.stdout == """
                config.yaml: OK, 2 providers (photos, archive)
                  – archive skipped: path is empty; set $ARCHIVE_DIR to enable it

                """)
        let missing = try await workspace.run(["config", "check", "other.yaml"])
        #expect(missing.status == 78)
        #expect(missing.stderr == "viewfinder: error: no configuration file at other.yaml\n")
    }

    @Test("usage errors exit 64: unknown --provider, bad --timeout, empty query")
    func usageErrors() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let unknown = try await workspace.run(["search", "fog", "--provider", "photo"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no provider named `photo` in config.yaml; did you mean `photos`?"))
        for (given, problem) in [
            ("soon", "not a duration: give a number with a unit from 1ms to 24h, like 250ms, 10s, 2m or 1h"),
            ("25h", "longer than 24h, the longest accepted"),
            ("10S", "not a duration: units are written in lower case (ms, s, m, h)"),
            ("1h30m", "not a duration: give one number and one unit, like 90m"),
        ] {
            let timeout = try await workspace.run(["search", "fog", "--timeout", given])
            #expect(timeout.status == 64)
            #expect(timeout.stderr.contains("--timeout '\(given)' is \(problem)."), "\(timeout.stderr)")
        }
        let empty = try await workspace.run(["search", "--", "--"])
        #expect(empty.status == 64)
    }

    @Test("a provider named with --provider that cannot run is a configuration error")
    func selectedButSkipped() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "fog", "--provider", "archive"])
        #expect(output.status == 78)
        #expect(
            output.stderr
                == "viewfinder: error: provider `archive` cannot run: path is empty; set $ARCHIVE_DIR to enable it\n")
    }

    @Test("providers lists every instance with its status and the available types")
    func providersCommand() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["providers"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("photos    local-folder  ready"))
        #expect(output.stdout.contains("archive   local-folder  skipped: path is empty; set $ARCHIVE_DIR to enable it"))
        #expect(output.stdout.contains("Available provider types:\n"))
        #expect(
            output.stdout.contains(
                "\n  local-folder  photos in a folder on this machine, found by their metadata and names\n"))
        #expect(
            output.stdout.contains("\n  flickr        Flickr photo search and interestingness (needs an API key)\n"))
    }

    @Test("popular merges the feeds of providers that have one, with the same options")
    func popular() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["popular", "--limit", "2", "--format", "json"])
        #expect(output.status == 0)
        let json = try output.json()
        #expect(json["query"] is NSNull)
        #expect((json["results"] as? [Any])?.count == 2)
    }

    @Test("without --config, $VIEWFINDER_CONFIG and ./config.yaml are found; with none, the built-in default")
    func configDiscovery() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let elsewhere = try await ViewfinderProcess.run(
            ["config", "check"], in: FileManager.default.temporaryDirectory,
            environment: ["VIEWFINDER_CONFIG": workspace.url.appendingPathComponent("config.yaml").path])
        #expect(elsewhere.status == 0)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("vf-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try await ViewfinderProcess.run(["providers"], in: empty)
        #expect(none.status == 0, "stderr: \(none.stderr)")
        #expect(none.stdout.hasPrefix("Providers in built-in default:\n"))
    }

    @Test("--version and --help work")
    func versionAndHelp() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        #expect(try await workspace.run(["--version"]).stdout == "0.1.0\n")
        let help = try await workspace.run(["search", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--provider"))
        let completion = try await workspace.run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("_viewfinder"))
    }
}
