import Foundation
import ProviderKit
import ProviderTesting
import ServiceBus
import Testing

/// Hostile configuration files: absurd numbers, alias bombs, endless nesting, huge files.
@Suite("Configuration limits")
struct ConfigurationLimitsTests {
    static var freeForm: ProviderRegistry {
        var registry = Fixtures.registry
        registry.use(FreeFormFactory())
        return registry
    }

    @Test("a timeout too long to represent is an error at its line, not a crash")
    func hugeTimeout() {
        #expect(
            Fixtures.problems(
                "search:\n  timeout: 10000000000000000h\nproviders:\n  a:\n    type: plain\n    timeout: 25h\n")
                == [
                    "config.yaml:2:12: `search.timeout` must be a number with a unit from 1ms to 24h, "
                        + "like 250ms, 10s, 2m or 1h, not `10000000000000000h`",
                    "config.yaml:6:14: `timeout` must be a number with a unit from 1ms to 24h, "
                        + "like 250ms, 10s, 2m or 1h, not `25h`",
                ])
    }

    @Test("values expanded from the environment are capped, so a small file cannot multiply a large variable")
    func expansionBomb() {
        let big = String(repeating: "x", count: 2048)
        let references = (0..<3000).map { _ in "      - ${BIG}" }.joined(separator: "\n")  // 6 MB expanded
        let problems = Fixtures.problems(
            "providers:\n  a:\n    type: free\n    list:\n\(references)\n", environment: ["BIG": big],
            registry: Self.freeForm)
        #expect(problems.count == 1, "reported once, at the value where it ran out: \(problems.count)")
        #expect(problems.first?.contains("add up to more than 4 MiB; is `${BIG}` the variable you meant?") == true)
        // A file well within the cap is fine.
        #expect(
            Fixtures.problems(
                "providers:\n  a:\n    type: free\n    list:\n      - ${BIG}\n", environment: ["BIG": big],
                registry: Self.freeForm) == [])
    }

    @Test("a message about an invalid value never shows a secret of the instance that failed to load")
    func secretsInMessages() {
        let problems = Fixtures.problems(
            "providers:\n  a:\n    type: keyed\n    api_key: ${KEY}\n    page_size: ${KEY}\n",
            environment: ["KEY": "SECRET/500+XYZ=="])
        #expect(problems.count == 1)
        #expect(problems.allSatisfy { !Redaction.contains($0, secret: "SECRET/500+XYZ==") }, "\(problems)")
        #expect(problems.first?.contains("***") == true, "\(problems)")
    }

    @Test("absurd limits, result counts and weights are errors at their lines")
    func absurdNumbers() {
        #expect(
            Fixtures.problems(
                """
                search:
                  limit: 99999999999999999999
                providers:
                  a:
                    type: plain
                    weight: 1e308
                    max_results: 10001
                  b:
                    type: plain
                    weight: .nan
                """) == [
                    "config.yaml:2:10: `search.limit` must be a whole number from 1 to 10000, not `99999999999999999999`",
                    "config.yaml:6:13: `weight` must be a number from 0 to 100 (1.0 is neutral), not `1e308`",
                    "config.yaml:7:18: `max_results` must be a whole number from 1 to 10000, not `10001`",
                    "config.yaml:10:13: `weight` must be a number from 0 to 100 (1.0 is neutral), not `.nan`",
                ])
    }

    @Test("free-form options holding numbers JSON cannot carry are errors at their lines")
    func nonFiniteOptions() {
        #expect(
            Fixtures.problems(
                """
                providers:
                  p:
                    type: free
                    a: .inf
                    b: [1, .nan]
                    c: {deep: 1e400}
                    d: 123456789012345678901234
                    fine: [1.5, "1e400", .inf text]
                """, registry: Self.freeForm) == [
                    "config.yaml:4:8: `a` of provider `p`: `.inf` is not a finite number, which JSON cannot carry; "
                        + "write a finite number, or quote it to pass it as text",
                    "config.yaml:5:12: `b[1]` of provider `p`: `.nan` is not a finite number, which JSON cannot carry; "
                        + "write a finite number, or quote it to pass it as text",
                    "config.yaml:6:15: `c.deep` of provider `p`: `1e400` is not a finite number, which JSON cannot "
                        + "carry; write a finite number, or quote it to pass it as text",
                    "config.yaml:7:8: `d` of provider `p`: `123456789012345678901234` is a whole number too large "
                        + "for 64 bits; quote it to pass it as text",
                ])
    }

    @Test("an alias bomb in free-form options is rejected before anything expands it")
    func aliasBomb() {
        var yaml = "providers:\n  p:\n    type: free\n    l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...30 {
            let previous = "*l\(level - 1)"
            yaml += "    l\(level): &l\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        var problems: [String] = []
        let cpu = threadCPUTime { problems = Fixtures.problems(yaml, registry: Self.freeForm) }
        #expect(
            problems == [
                "config.yaml:5:14: YAML aliases (`*name`) are not supported in the configuration; "
                    + "write the value out instead"
            ])
        #expect(cpu < .seconds(5))
    }

    @Test("an alias used as a mapping key is rejected too")
    func aliasKey() {
        #expect(
            Fixtures.problems("x: &k [a, b]\nproviders:\n  a:\n    type: plain\n    ? *k\n    : 1\n")
                == [
                    "config.yaml:5:7: YAML aliases (`*name`) are not supported in the configuration; "
                        + "write the value out instead"
                ])
    }

    @Test("deep nesting and too many values are rejected with their place")
    func nestingAndCount() {
        let deep =
            "providers:\n  p:\n    type: free\n    x: " + String(repeating: "[", count: 100)
            + String(repeating: "]", count: 100) + "\n"
        #expect(
            Fixtures.problems(deep, registry: Self.freeForm) == [
                "config.yaml:4:69: lists and mappings are nested more than 64 levels deep"
            ])
        let deeper = "providers:\n  p:\n    type: free\n    x: " + String(repeating: "[", count: 100_000)
        #expect(Fixtures.problems(deeper, registry: Self.freeForm).count == 1)  // an error, not a stack overflow
        let many =
            "providers:\n  p:\n    type: free\n    x: [" + Array(repeating: "1", count: 150_000).joined(separator: ",")
            + "]\n"
        let problems = Fixtures.problems(many, registry: Self.freeForm)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("the file holds more than 100000 values") == true)
    }

    @Test("a file over 1 MiB, or endless, is refused without reading all of it")
    func hugeFile() throws {
        let big = "# " + String(repeating: "x", count: ConfigurationLoader.maximumFileSize) + "\n"
        #expect(
            Fixtures.problems(big) == [
                "config.yaml: is larger than 1 MiB; a configuration file needs far less (is it the right file?)"
            ])
        let loader = ConfigurationLoader(registry: Fixtures.registry, environment: [:])
        #expect(throws: ConfigurationError.self) {
            try loader.load(contentsOf: URL(fileURLWithPath: "/dev/zero"), displayPath: "zero")
        }
    }
}
