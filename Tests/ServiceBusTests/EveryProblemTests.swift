import Foundation
import ProviderKit
import ServiceBus
import Testing

/// A provider type with a required option and several typed ones, to show that every wrong
/// option of one instance is reported, not only the first the decoder meets.
struct StrictFactory: ProviderFactory {
    struct Options: ProviderOptions {
        var path: String
        var flag: Bool
        var count: Int
        var items: [String]
        var mode: String

        enum CodingKeys: String, CodingKey, CaseIterable { case path, flag, count, items, mode }
        typealias Keys = CodingKeys

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            flag = try container.decodeIfPresent(Bool.self, forKey: .flag) ?? true
            count = try container.decodeInteger(forKey: .count, in: 1...10, default: 5)
            items = try container.decodeIfPresent([String].self, forKey: .items) ?? []
            mode = try container.decodeChoice(forKey: .mode, among: ["fast", "slow"], default: "fast", what: "mode")
        }
    }

    var typeName: String { "strict" }
    var summary: String { "a test provider with a required option and typed ones" }

    func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        FixedProvider(name: name, supportsPopular: true)
    }
}

@Suite("Configuration files: every problem")
struct EveryProblemTests {
    static var registry: ProviderRegistry {
        var registry = Fixtures.registry
        registry.use(StrictFactory())
        return registry
    }

    @Test("five wrong options of one instance give five located lines, in file order")
    func everyWrongOption() {
        let problems = Fixtures.problems(
            """
            providers:
              s:
                type: strict
                path: [a]
                flag: maybe
                count: 99
                items: [one, [two], three, {four: 4}]
                mode: sideways
            """, registry: Self.registry)
        #expect(
            problems == [
                "config.yaml:4:11: `path` of provider `s` must be a single value, not a list",
                "config.yaml:5:11: `flag` of provider `s` must be true or false, not `maybe`",
                "config.yaml:6:12: `count` of provider `s`: must be 1 to 10",
                "config.yaml:7:18: `items[1]` of provider `s` must be a single value, not a list",
                "config.yaml:7:32: `items[3]` of provider `s` must be a single value, not a mapping",
                "config.yaml:8:11: `mode` of provider `s`: `sideways` is not a mode; use one of fast, slow",
            ])
    }

    @Test("a wrong value is reported beside a missing required option")
    func wrongValueBesideMissingOne() {
        let problems = Fixtures.problems(
            "providers:\n  s:\n    type: strict\n    flag: maybe\n", registry: Self.registry)
        #expect(
            problems == [
                "config.yaml:2:3: provider `s` needs `path`",
                "config.yaml:4:11: `flag` of provider `s` must be true or false, not `maybe`",
            ])
    }

    @Test("a wrong required value is reported once, not again as missing")
    func wrongRequiredValueOnce() {
        let problems = Fixtures.problems(
            "providers:\n  s:\n    type: strict\n    path: {a: 1}\n", registry: Self.registry)
        #expect(problems == ["config.yaml:4:11: `path` of provider `s` must be a single value, not a mapping"])
    }

    @Test("every duplicate key is reported where it repeats, with the line of the first")
    func everyDuplicate() {
        let problems = Fixtures.problems(
            """
            providers:
              a:
                type: plain
                recursive: true
                recursive: false
              b:
                type: plain
              a:
                type: keyed
                type: plain
            """)
        #expect(
            problems == [
                "config.yaml:5:5: duplicate key `recursive` in one mapping (first at line 4); each provider name and key may appear only once",
                "config.yaml:8:3: duplicate key `a` in one mapping (first at line 2); each provider name and key may appear only once",
                "config.yaml:10:5: duplicate key `type` in one mapping (first at line 9); each provider name and key may appear only once",
            ])
    }

    @Test("the same key in different mappings is no duplicate")
    func sameKeyInDifferentMappings() throws {
        let configuration = try Fixtures.load(
            "providers:\n  a:\n    type: plain\n  b:\n    type: plain\n", registry: Self.registry)
        #expect(configuration.instances.map(\.name) == ["a", "b"])
    }

    @Test("Yams' type names and libyaml's function names never reach a message")
    func noLibraryNames() {
        let deep = "providers:\n  a: " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
        let problems =
            Fixtures.problems(deep)
            + Fixtures.problems(
                "providers:\n  s:\n    type: strict\n    path: {a: 1}\n    items: {b: 2}\n", registry: Self.registry)
        #expect(!problems.isEmpty)
        for problem in problems {
            #expect(!problem.contains("Scalar") && !problem.contains("Sequence") && !problem.contains("Mapping"))
            #expect(!problem.contains("yaml_"), "\(problem)")
        }
    }

    @Test("a folder, a FIFO or a device named as the configuration says what it is")
    func notARegularFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let loader = ConfigurationLoader(registry: Fixtures.registry)
        func message(_ url: URL) -> String {
            do {
                _ = try loader.load(contentsOf: url, displayPath: "it")
                return ""
            } catch {
                return error.description
            }
        }
        #expect(
            message(folder)
                == "it: is a folder, not a configuration file; name the YAML file in it (e.g. \(folder.path)/config.yaml)"
        )
        #expect(message(fifo) == "it: is a FIFO (named pipe), not a regular file; name a YAML configuration file")
        #expect(
            message(URL(fileURLWithPath: "/dev/zero"))
                == "it: is a device, not a regular file; name a YAML configuration file")
    }

    @Test("a tab used for indentation, and a list or mapping where a name belongs, are said in those words")
    func tabsAndNonScalarNames() {
        #expect(
            Fixtures.problems("providers:\n\ta:\n    type: plain\n") == [
                "config.yaml:2:1: a tab indents this line; YAML indents with spaces only"
            ])
        #expect(
            Fixtures.problems("[a]: 1\nproviders:\n  ? [x]\n  : 1\n  p:\n    type: plain\n") == [
                "config.yaml:1:1: a section name must be a word (`search`, `providers`, `download`), not a list or mapping",
                "config.yaml:3:5: a list or mapping is not a valid provider name; use a word of letters, digits, `-` and `_`",
            ])
    }
}
