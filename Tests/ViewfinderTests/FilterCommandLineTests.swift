import Foundation
import Testing

/// `--license`, `--orientation`, `--min-width`, `--min-height`, `--taken-after`, `--taken-before`
/// end to end, over the bundled samples (every one 480×320, a landscape).
@Suite("filters on the command line", .serialized)
struct FilterCommandLineTests {
    static let config = """
        search:
          limit: 10
        providers:
          photos:
            type: local-folder
            path: photos
        """

    func workspace(config: String = Self.config) throws -> Workspace {
        try Workspace.withThreeSamples(config: config)
    }

    @Test("bad filter values are usage errors (64) that name the option, the value and what to write")
    func badValues() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let cases: [([String], String)] = [
            (["--license", "comercial"], "--license 'comercial' is an unknown licence (did you mean 'commercial'?)"),
            (["--license", "CC-BY-2.0,"], "--license 'CC-BY-2.0,' is an empty licence id"),
            (["--orientation", "wide"], "--orientation 'wide' is not landscape, portrait or square"),
            (["--min-width", "0"], "--min-width '0' is not a whole number of pixels from 1 to 1000000"),
            (["--min-height", "1e9"], "--min-height '1e9' is not a whole number of pixels"),
            (["--taken-after", "2024-13-01"], "--taken-after '2024-13-01' is not an ISO date"),
            (
                ["--taken-after", "2024-01-01", "--taken-before", "2023-01-01"],
                "is a date that leaves no time: taken-after must be before taken-before"
            ),
        ]
        for (arguments, message) in cases {
            let output = try await workspace.run(["search", "fog"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        let popular = try await workspace.run(["popular", "--orientation", "tall"])
        #expect(popular.status == 64)
    }

    @Test("an option that clashes with the configured filters is a usage error naming the file")
    func clashWithConfiguration() async throws {
        let workspace = try workspace(
            config: Self.config.replacingOccurrences(
                of: "limit: 10", with: "limit: 10\n  filters:\n    taken_before: 2020-01-01"))
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "fog", "--taken-after", "2021-01-01"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("(with search.filters in config.yaml) is a date that leaves no time"))
    }

    func ids(_ output: ViewfinderProcess.Output) throws -> [String] {
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        return results.compactMap { $0["id"] as? String }
    }

    @Test("the local folder applies every filter itself, and -v says where the filters ran")
    func filtersApplied() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let portrait = try await workspace.run([
            "search", "harbor", "--orientation", "portrait", "-v", "--format", "json",
        ])
        #expect(portrait.status == 0, "stderr: \(portrait.stderr)")
        #expect(try ids(portrait).isEmpty)
        #expect(
            portrait.stderr.contains("photos: filters at the source: orientation; applied afterwards: none; removed 0"))
        let wide = try await workspace.run([
            "search", "harbor", "--min-width", "400", "--orientation", "landscape", "--format", "json",
        ])
        #expect(try ids(wide).count == 2)
        // Both sides of the boundary: the samples are 480 pixels wide.
        let exactly = try await workspace.run(["search", "harbor", "--min-width", "480", "--format", "json"])
        #expect(try ids(exactly).count == 2, "a 480-wide photo passes --min-width 480")
        let tooWide = try await workspace.run(["search", "harbor", "--min-width", "481", "--format", "json"])
        #expect(try ids(tooWide).isEmpty, "a 480-wide photo fails --min-width 481")
        let dated = try await workspace.run(
            ["search", "harbor", "--taken-after", "2023-09-15", "--taken-before", "2023-10-31", "--format", "json"])
        #expect(try ids(dated) == ["harbor-crane-fog.jpg"])  // taken 2023-10-02; the lighthouse 2023-09-14
        // The samples state CC0 in their EXIF Copyright: commercial use passes, CC BY 4.0 does not.
        let commercial = try await workspace.run([
            "search", "harbor", "--license", "commercial", "--format", "json",
        ])
        let all = try await workspace.run(["search", "harbor", "--format", "json"])
        #expect(try !ids(commercial).isEmpty && ids(commercial) == ids(all))
        let otherLicense = try await workspace.run([
            "search", "harbor", "--license", "CC-BY-4.0", "--format", "json",
        ])
        #expect(try ids(otherLicense).isEmpty)
        // The best file that passes is returned, though a better match fails: the share is filled.
        let first = try await workspace.run(
            ["search", "harbor", "--limit", "1", "--taken-before", "2023-09-15", "--format", "json"])
        #expect(try ids(first) == ["harbor-lighthouse-dusk.jpg"])  // unfiltered, the crane (2023-10-02) ranks first
    }

    @Test("search.filters in the file are defaults, and an option replaces that key")
    func configuredDefaults() async throws {
        let workspace = try workspace(
            config: Self.config.replacingOccurrences(
                of: "limit: 10", with: "limit: 10\n  filters:\n    orientation: portrait"))
        defer { workspace.remove() }
        let configured = try await workspace.run(["search", "fog", "--format", "json"])
        #expect(configured.status == 0, "stderr: \(configured.stderr)")
        #expect(try ids(configured).isEmpty)
        let overridden = try await workspace.run(["search", "fog", "--orientation", "landscape", "--format", "json"])
        #expect(try ids(overridden).count == 2)
    }
}
