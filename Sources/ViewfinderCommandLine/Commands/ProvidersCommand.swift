import ArgumentParser
import ProviderKit
import ServiceBus
import TerminalView

/// `viewfinder providers`
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List the configured provider instances with their status, and the available provider types.")

    @Option(
        help: "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml).")
    var config: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(
        help: ArgumentHelp(
            "Send each provider one small real request and say what came of it: reachable, key accepted, "
                + "rate limit left, or the exact problem (key refused, DNS, TLS, timeout)."))
    var check = false

    func run() async throws {
        try await CommandFailure.reporting {
            if check { return try await runCheck() }
            let setup = try await Setup.load(configPath: config, verbose: false)
            let entries = try instanceEntries(setup)
            if json {
                Console.out(SearchJSON.encode(Listing(instances: entries, types: typeEntries()), pretty: true) + "\n")
            } else {
                Console.out(text(entries, file: setup.configuration.file))
            }
        }
    }

    /// `--check`: exit status 1 when any provider that would run failed its request.
    private func runCheck() async throws {
        let setup = try await Setup.load(configPath: config, verbose: false, cache: .bypass)
        let outcomes = await ProviderCheck.run(setup)
        if json {
            Console.out(SearchJSON.encode(["providers": outcomes], pretty: true) + "\n")
        } else {
            let nameWidth = max(8, outcomes.map { TerminalText.sanitized($0.name).count }.max() ?? 0)
            let lines = outcomes.map { outcome in
                "  \(TextFitting.pad(TerminalText.sanitized(outcome.name), to: nameWidth))  "
                    + TerminalText.sanitized("\(outcome.status): \(outcome.detail)")
            }
            Console.out(
                "Checking providers in \(TerminalText.sanitized(setup.configuration.file)):\n"
                    + lines.joinedText(separator: "\n") + "\n")
        }
        if outcomes.contains(where: { $0.status == "failed" }) { throw ExitCodes.failed }
    }

    struct InstanceEntry: Encodable {
        let name: String
        let type: String
        let status: String
        let reason: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(status, forKey: .status)
            try container.encode(reason, forKey: .reason)
        }

        enum CodingKeys: String, CodingKey { case name, type, status, reason }
    }

    struct TypeEntry: Encodable {
        let type: String
        let summary: String
    }

    struct Listing: Encodable {
        let instances: [InstanceEntry]
        let types: [TypeEntry]
    }

    private func instanceEntries(_ setup: Setup) throws -> [InstanceEntry] {
        let lineup = try setup.bus.lineup(for: nil)
        let ready = Set(lineup.providers.map(\.name))
        let skipped = Dictionary(uniqueKeysWithValues: lineup.skipped.map { ($0.name, $0) })
        return setup.configuration.instances.map { instance in
            if ready.contains(instance.name) {
                return InstanceEntry(name: instance.name, type: instance.typeName, status: "ready", reason: nil)
            }
            let entry = skipped[instance.name]
            return InstanceEntry(
                name: instance.name, type: instance.typeName,
                status: entry?.isDisabled == true ? "disabled" : "skipped",
                reason: entry?.reason)
        }
    }

    private func typeEntries() -> [TypeEntry] {
        ProviderFactories.registry.allFactories.map { TypeEntry(type: $0.typeName, summary: $0.summary) }
    }

    private func text(_ entries: [InstanceEntry], file: String) -> String {
        let entries = entries.map { entry in
            InstanceEntry(
                name: TerminalText.sanitized(entry.name), type: TerminalText.sanitized(entry.type),
                status: entry.status, reason: TerminalText.sanitized(entry.reason))
        }
        let file = TerminalText.sanitized(file)
        let nameWidth = max(8, entries.map(\.name.count).max() ?? 0)
        let typeWidth = max(4, entries.map(\.type.count).max() ?? 0)
        var lines = ["Providers in \(file):"]
        for entry in entries {
            let status = entry.reason.map { "\(entry.status): \($0)" } ?? entry.status
            lines.append(
                "  \(TextFitting.pad(entry.name, to: nameWidth))  \(TextFitting.pad(entry.type, to: typeWidth))  \(status)"
            )
        }
        lines.append("")
        lines.append("Available provider types:")
        let types = typeEntries()
        let width = types.map(\.type.count).max() ?? 0
        for type in types { lines.append("  \(TextFitting.pad(type.type, to: width))  \(type.summary)") }
        return lines.joinedText(separator: "\n") + "\n"
    }
}
