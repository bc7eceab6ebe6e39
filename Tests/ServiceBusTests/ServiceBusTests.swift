import Foundation
import ProviderKit
import ServiceBus
import Testing

@Suite("Service bus")
struct ServiceBusTests {
    let yaml = """
        providers:
          local:
            type: plain
          keyed:
            type: keyed
            api_key: ${TEST_KEY}
          literal:
            type: keyed
            api_key: ""
          off:
            type: plain
            enabled: false
        """

    func bus(environment: [String: String] = [:]) throws -> ServiceBus {
        ServiceBus(configuration: try Fixtures.load(yaml, environment: environment), context: Fixtures.context())
    }

    @Test("instances without their key are skipped with a reason naming the variable to set")
    func skipsWithReasons() throws {
        let lineup = try bus().lineup(for: .search("x"))
        #expect(lineup.providers.map(\.name) == ["local"])
        #expect(
            lineup.skipped == [
                SkippedProvider(
                    name: "keyed", typeName: "keyed", reason: "api_key is empty; set $TEST_KEY to enable it"),
                SkippedProvider(
                    name: "literal", typeName: "keyed", reason: "api_key is empty; set `api_key` in config.yaml"),
                SkippedProvider(
                    name: "off", typeName: "plain", reason: "`enabled: false` in config.yaml", isDisabled: true),
            ])
    }

    @Test("a key from the environment makes the instance live, with its settings")
    func buildsWithKey() throws {
        let lineup = try bus(environment: ["TEST_KEY": "abc"]).lineup(for: .search("x"))
        #expect(lineup.providers.map(\.name) == ["local", "keyed"])
        #expect(lineup.providers.map(\.typeName) == ["plain", "keyed"])
    }

    @Test("--provider selects instances; an unknown name suggests the closest")
    func selection() throws {
        let bus = try bus()
        #expect(try bus.lineup(for: .search("x"), selecting: ["local"]).providers.map(\.name) == ["local"])
        #expect(
            throws: ServiceBusError.unknownProvider(
                name: "locl", configured: ["local", "keyed", "literal", "off"], file: "config.yaml")
        ) {
            try bus.lineup(for: .search("x"), selecting: ["locl"])
        }
        #expect(
            ServiceBusError.unknownProvider(name: "locl", configured: ["local", "keyed"], file: "config.yaml")
                .description
                == "no provider named `locl` in config.yaml; did you mean `local`? Configured providers: `local`, `keyed`."
        )
    }

    @Test("an instance asked for by name that cannot run is an error, not a silent skip")
    func selectedButUnavailable() throws {
        #expect(
            throws: ServiceBusError.selectedProviderUnavailable(
                name: "keyed", reason: "api_key is empty; set $TEST_KEY to enable it")
        ) {
            try bus().lineup(for: .search("x"), selecting: ["keyed"])
        }
    }

    @Test("for the popular feed, providers without one are skipped")
    func popularSkipsProvidersWithoutFeed() throws {
        let lineup = try bus(environment: ["TEST_KEY": "abc"]).lineup(for: .popular)
        #expect(lineup.providers.map(\.name) == ["local"])
        #expect(lineup.skipped.first { $0.name == "keyed" }?.reason == "has no popular feed")
    }

    @Test("a provider named for the popular feed that has none is an error, as any named provider that cannot run")
    func popularNamedWithoutFeed() throws {
        #expect(
            throws: ServiceBusError.selectedProviderUnavailable(
                name: "keyed", reason: "type keyed has no popular feed; `popular` runs only providers that have one")
        ) {
            try bus(environment: ["TEST_KEY": "abc"]).lineup(for: .popular, selecting: ["keyed"])
        }
    }
}
