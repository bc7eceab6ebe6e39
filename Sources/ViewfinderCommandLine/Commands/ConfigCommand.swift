import ArgumentParser
import LocalFolderProvider
import ProviderKit
import ServiceBus
import TerminalView

/// `viewfinder config …`
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Work with the configuration file.",
        subcommands: [Check.self, Init.self, Path.self])

    /// `viewfinder config check [PATH]`
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a configuration file and report every problem in it.")

        @Argument(help: "The file to check (default: the file a search would use).")
        var path: String?

        func run() async throws {
            try await CommandFailure.reporting {
                let url = try Setup.locate(path, argument: nil)
                let configuration = try Setup.loadConfiguration(url)
                // What a search would meet on this machine: a folder that is not there, a plugin
                // that cannot run; nothing is fetched, so nothing is cached.
                let setup = Setup.make(configuration, verbose: false, cache: .bypass)
                let context = setup.bus.context
                // `stat` of a path on a stale network mount can block: not on Swift's pool.
                let problems = try await BlockingExecutor.shared.run { _ in
                    configuration.instances.flatMap { $0.problems(context: context) }
                }
                guard problems.isEmpty else {
                    throw CommandFailure(
                        message: "providers that cannot run as configured\n"
                            + problems.map { TerminalText.sanitized($0.description) }.joinedText(separator: "\n"),
                        exitCode: ExitCodes.configuration)
                }
                // Instances a search would skip (a key or a `${VAR}` not set): said, not failed,
                // unless none at all could run.
                let lineup = try setup.bus.lineup(for: nil)
                let skipped = lineup.skipped.filter { !$0.isDisabled }
                let notes = skipped.map { "  – \($0.name) skipped: \($0.reason)" }
                guard !lineup.providers.isEmpty || configuration.instances.isEmpty else {
                    throw CommandFailure(
                        message: "no provider can run as configured\n"
                            + notes.map(TerminalText.sanitized).joinedText(separator: "\n"),
                        exitCode: ExitCodes.configuration)
                }
                let names = configuration.instances.map(\.name).joinedText(separator: ", ")
                let count = configuration.instances.count
                Console.out(
                    TerminalText.sanitized(
                        "\(configuration.file): OK, \(count) provider\(count == 1 ? "" : "s") (\(names))")
                        + notes.map { "\n" + TerminalText.sanitized($0) }.joinedText() + "\n")
            }
        }
    }
}
