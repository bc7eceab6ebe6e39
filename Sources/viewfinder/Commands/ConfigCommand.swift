import ArgumentParser
import ServiceBus

/// `viewfinder config …`
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Work with the configuration file.",
        subcommands: [Check.self])

    /// `viewfinder config check [PATH]`
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a configuration file and report every problem in it.")

        @Argument(help: "The file to check (default: the file a search would use).")
        var path: String?

        func run() async throws {
            do {
                let url = try Setup.locate(path, argument: nil)
                let configuration = try Setup.loadConfiguration(url)
                Console.redact(configuration.secrets)
                let names = configuration.instances.map(\.name).joined(separator: ", ")
                Console.out(
                    "\(TerminalText.sanitized(configuration.file)): OK, \(configuration.instances.count) provider"
                        + "\(configuration.instances.count == 1 ? "" : "s") (\(names))\n")
            } catch let failure as CommandFailure {
                Console.error(failure.message)
                throw failure.exitCode
            }
        }
    }
}
