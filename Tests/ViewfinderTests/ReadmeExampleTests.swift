import Foundation
import Testing

/// The README's examples are real output: its commands, run on the bundled samples, print
/// what it shows.
@Suite("README examples", .serialized)
struct ReadmeExampleTests {
    static let repository = Workspace.samples.deletingLastPathComponent()

    /// Runs `viewfinder arguments…` in the repository with the bundled `config.yaml`, caching
    /// in a temporary folder.
    func run(_ arguments: [String], columns: Int = 120) async throws -> ViewfinderProcess.Output {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("vf-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        return try await ViewfinderProcess.run(
            arguments, in: Self.repository,
            environment: [
                "COLUMNS": "\(columns)", "HOME": temporary.path,
                "XDG_CACHE_HOME": temporary.appendingPathComponent("cache").path,
                "XDG_CONFIG_HOME": temporary.appendingPathComponent("config").path,
            ])
    }

    /// The README's code block that starts with `firstLine`, without its fences.
    static func readmeBlock(startingWith firstLine: String) throws -> [Substring] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == firstLine }, "README has a block starting \(firstLine)")
        let end = try #require(lines[(start + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[start..<end])
    }

    @Test("the config check example of the bundled configuration is what it prints with no keys set")
    func configCheckOKExample() async throws {
        let block = try Self.readmeBlock(
            startingWith:
                "config.yaml: OK, 8 providers (samples, openverse, commons, unsplash, pexels, pixabay, flickr, 500px)")
        let check = try await run(["config", "check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == block.joined(separator: "\n") + "\n")
    }

    @Test("the config check example is what config check prints for a file with those two mistakes")
    func configCheckExample() async throws {
        let block = try Self.readmeBlock(
            startingWith: "config.yaml:8:5: unknown key `recursiv` for provider `samples` "
                + "(type local-folder); did you mean `recursive`? Valid keys: `type`, `enabled`, `weight`, `timeout`, "
                + "`max_results`, `path`, `recursive`.")
        let workspace = try Workspace(
            config: """
                search:
                  limit: 20
                providers:
                  samples:
                    type: local-folder
                    path: ./Samples
                    weight: 1
                    recursiv: true
                  samples:
                    type: local-folder
                    path: ./Other

                """)
        defer { workspace.remove() }
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        #expect(check.stderr == "viewfinder: error: invalid configuration\n" + block.joined(separator: "\n") + "\n")
    }

    @Test("the first example's rows are what `search harbor` prints at 120 columns")
    func firstExample() async throws {
        let block = try Self.readmeBlock(startingWith: "$ viewfinder search harbor")
        let shown = block.dropFirst().prefix { !$0.hasPrefix("✓") && !$0.hasPrefix("✗") && !$0.hasPrefix("–") }
        let output = try await run(["search", "harbor", "--provider", "samples"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n") == Array(shown))
    }

    /// The README's JSON example (`search lighthouse --format json --provider samples`), where
    /// `…` stands for the machine's paths and the timing.
    static func jsonExample() throws -> String {
        let block = try readmeBlock(startingWith: "```json")
        return block.dropFirst().joined(separator: "\n")
    }

    @Test("the JSON example has every field real output has, with the same values")
    func jsonExample() async throws {
        let output = try await run(["search", "lighthouse", "--format", "json", "--provider", "samples"])
        #expect(output.status == 0, "\(output.stderr)")
        let real = try output.json()
        let example = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.jsonExample().utf8)) as? [String: Any])
        #expect(Set(real.keys) == Set(example.keys))
        let realResult = try #require((real["results"] as? [[String: Any]])?.first)
        let exampleResult = try #require((example["results"] as? [[String: Any]])?.first)
        #expect(Set(realResult.keys) == Set(exampleResult.keys))
        for (key, value) in exampleResult where !"\(value)".contains("…") {
            #expect(try Self.canonical(realResult[key]) == Self.canonical(value), "\(key)")
        }
        let realProvider = try #require((real["providers"] as? [[String: Any]])?.first)
        let exampleProvider = try #require((example["providers"] as? [[String: Any]])?.first)
        #expect(Set(realProvider.keys) == Set(exampleProvider.keys))
    }

    /// A JSON value as text with sorted keys, so values read from two documents compare.
    static func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("a terminal wide enough shows each result's description before its place; 120 columns do not")
    func descriptionsOnWideTables() async throws {
        let wide = try await run(["search", "harbor", "--provider", "samples"], columns: 200)
        let lines = wide.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Description") == true, "\(wide.stdout)")
        #expect(lines.dropFirst().first?.contains("Container cranes fading into sea fog.") == true, "\(wide.stdout)")
        #expect(lines.allSatisfy { $0.count <= 200 })
        let narrow = try await run(["search", "harbor", "--provider", "samples"], columns: 120)
        #expect(!narrow.stdout.contains("Description"))
    }
}
