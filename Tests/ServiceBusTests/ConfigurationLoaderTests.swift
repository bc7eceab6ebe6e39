import Foundation
import ServiceBus
import Testing

@Suite("Configuration files")
struct ConfigurationLoaderTests {
    @Test("a complete file loads with its settings, defaults and instance order")
    func loadsGoodFile() throws {
        let configuration = try Fixtures.load(
            """
            search:
              limit: 12
              timeout: 250ms
            providers:
              first:
                type: plain
                recursive: false
              second:
                type: keyed
                api_key: ${KEY}
                weight: 2.5
                timeout: 2m
                max_results: 40
                enabled: no
                tags: [a, b]
            """, environment: ["KEY": "sekrit-value"])
        #expect(configuration.search == SearchSettings(limit: 12, timeout: .milliseconds(250)))
        #expect(configuration.instances.map(\.name) == ["first", "second"])
        let second = configuration.instances[1]
        #expect(second.typeName == "keyed")
        #expect(second.weight == 2.5)
        #expect(second.timeout == .seconds(120))
        #expect(second.maxResults == 40)
        #expect(second.isEnabled == false)
        #expect(second.variablesByOption == ["api_key": ["KEY"]])
        #expect(second.secrets == ["sekrit-value"])
        #expect(configuration.instances[0].weight == 1.0)
        #expect(configuration.instances[0].isEnabled)
    }

    @Test("search settings default to 30 results in 10 seconds")
    func searchDefaults() throws {
        let configuration = try Fixtures.load("providers:\n  a:\n    type: plain\n")
        #expect(configuration.search == SearchSettings(limit: 30, timeout: .seconds(10)))
    }

    @Test("YAML syntax errors give line and column")
    func syntaxError() {
        #expect(
            Fixtures.problems("providers:\n  a:\n    type: plain\n   bad: [unclosed\n") == [
                "config.yaml:4:4: YAML syntax error: did not find expected key (while parsing a block mapping at line 2)"
            ])
    }

    @Test("an unknown provider type lists the known types and suggests the closest")
    func unknownType() {
        #expect(
            Fixtures.problems("providers:\n  a:\n    type: plian\n") == [
                "config.yaml:3:11: unknown provider type `plian` for `a`; did you mean `plain`? Known types: `keyed`, `plain`."
            ])
    }

    @Test("an unknown key suggests the closest valid key")
    func unknownKey() {
        #expect(
            Fixtures.problems("providers:\n  k:\n    type: keyed\n    api_kye: x\n") == [
                "config.yaml:4:5: unknown key `api_kye` for provider `k` (type keyed); did you mean `api_key`? "
                    + "Valid keys: `type`, `enabled`, `weight`, `timeout`, `max_results`, `api_key`, `endpoint`, `page_size`, `tags`."
            ])
    }

    @Test("wrong value types name the key, the expected type and the value, in file order")
    func wrongTypes() {
        #expect(
            Fixtures.problems(
                """
                search:
                  limit: many
                providers:
                  k:
                    type: keyed
                    page_size: lots
                    enabled: maybe
                    weight: -1
                """) == [
                    "config.yaml:2:10: `search.limit` must be a whole number from 1 to 10000, not `many`",
                    "config.yaml:6:16: `page_size` of provider `k` must be a whole number, not `lots`",
                    "config.yaml:7:14: `enabled` must be true or false, not `maybe`",
                    "config.yaml:8:13: `weight` must be a number from 0 to 100 (1.0 is neutral), not `-1`",
                ])
    }

    @Test("a bad duration says what a duration looks like")
    func badDuration() {
        #expect(
            Fixtures.problems("search:\n  timeout: 10 seconds\nproviders:\n  a:\n    type: plain\n") == [
                "config.yaml:2:12: `search.timeout` must be a number with a unit from 1ms to 24h, like 250ms, 10s, 2m or 1h, not `10 seconds`"
            ])
    }

    @Test("a duplicate instance name is an error at the mapping")
    func duplicateName() {
        #expect(
            Fixtures.problems("providers:\n  a:\n    type: plain\n  b:\n    type: plain\n  a:\n    type: keyed\n") == [
                "config.yaml:6:3: duplicate key `a` in one mapping (first at line 2); each provider name and key may appear only once"
            ])
    }

    @Test("a duplicate key whose value is a block sequence at the key's own indent is cut out whole")
    func duplicateWithBlockSequence() {
        let problems = Fixtures.problems(
            """
            search:
              tags:
              - x
              limit: 3
              tags:
              - y
              - z
            providers:
              a:
                type: plain
            """)
        #expect(problems.contains { $0.hasPrefix("config.yaml:5:3: duplicate key `tags`") }, "\(problems)")
        // Its items are not left behind under `limit`, where they would read as a syntax error.
        #expect(!problems.contains { $0.contains("expected") || $0.contains(":6:") }, "\(problems)")
    }

    @Test("every problem in the file is reported, not only the first")
    func reportsAllProblems() {
        let problems = Fixtures.problems(
            """
            serach:
              limit: 3
            providers:
              a:
                type: nope
              b:
                kind: plain
            """)
        #expect(
            problems == [
                "config.yaml:1:1: unknown section `serach`; did you mean `search`? Valid sections: `search`, `providers`, `download`.",
                "config.yaml:5:11: unknown provider type `nope` for `a`. Known types: `keyed`, `plain`.",
                "config.yaml:6:3: provider `b` has no `type`; known types: `keyed`, `plain`",
            ])
    }

    @Test("an empty file, a missing providers section and a bad instance name are explained")
    func structuralProblems() {
        #expect(Fixtures.problems("") == ["config.yaml: is empty; it needs a `providers:` section"])
        #expect(
            Fixtures.problems("search:\n  limit: 3\n") == [
                "config.yaml: there is no `providers:` section; add one with at least one provider"
            ])
        #expect(
            Fixtures.problems("providers:\n  my provider:\n    type: plain\n") == [
                "config.yaml:2:3: `my provider` is not a valid provider name; use a word of letters, digits, `-` and `_`"
            ])
        #expect(
            Fixtures.problems("- a\n- b\n") == [
                "config.yaml:1:1: the file must be a mapping with `search:` and `providers:` sections"
            ])
    }

    @Test("a file that does not exist or is not text is reported by name")
    func unreadableFile() throws {
        let loader = ConfigurationLoader(registry: Fixtures.registry, environment: [:])
        #expect(
            throws: ConfigurationError(
                ConfigurationIssue(file: "gone.yaml", message: "cannot read the file: no such file"))
        ) {
            try loader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/gone.yaml"), displayPath: "gone.yaml")
        }
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vf-binary-\(UUID().uuidString).yaml")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        defer { try? FileManager.default.removeItem(at: binary) }
        #expect(throws: ConfigurationError(ConfigurationIssue(file: "b.yaml", message: "is not UTF-8 text"))) {
            try loader.load(contentsOf: binary, displayPath: "b.yaml")
        }
    }

    @Test("interpolation replaces variables and defaults, and a bad reference is located")
    func interpolationInFile() throws {
        let configuration = try Fixtures.load(
            "search:\n  limit: ${LIMIT:-7}\nproviders:\n  k:\n    type: keyed\n    api_key: ${A}-${B:-b}\n",
            environment: ["A": "a1"])
        #expect(configuration.search.limit == 7)
        #expect(configuration.instances[0].secrets == ["a1-b"])
        #expect(configuration.instances[0].variablesByOption == ["api_key": ["A", "B"]])
        #expect(
            Fixtures.problems("providers:\n  k:\n    type: keyed\n    api_key: ${BROKEN\n") == [
                "config.yaml:4:14: `${` is not closed; write ${NAME} or ${NAME:-default}"
            ])
    }
}
