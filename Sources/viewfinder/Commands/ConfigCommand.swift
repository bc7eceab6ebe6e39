import ArgumentParser
import LocalFolderProvider
import Logging
import ProviderKit
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
                // What a search would meet on this machine: a folder that is not there, a plugin
                // that cannot run. Only the file's folder and the cache folder matter here.
                let context = ProviderContext(
                    http: CurlHTTPClient(userAgent: "viewfinder/\(Viewfinder.version)"),
                    logger: Logger(label: "viewfinder"), cacheDirectory: Setup.cacheDirectory(),
                    baseDirectory: configuration.baseDirectory)
                // `stat` of a path on a stale network mount can block: not on Swift's pool.
                let problems = try await BlockingWork.run { _ in
                    configuration.instances.flatMap { $0.problems(context: context) }
                }
                guard problems.isEmpty else {
                    throw CommandFailure(
                        message: "providers that cannot run as configured\n"
                            + problems.map { TerminalText.sanitized($0.description) }.joined(separator: "\n"),
                        exitCode: ExitCodes.configuration)
                }
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
