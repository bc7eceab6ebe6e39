import ArgumentParser
import Foundation
import Logging

/// The `viewfinder` command: search several photo sources at once.
@main
struct Viewfinder: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        abstract: "Search Flickr, 500px and folders of photos at once, and merge the answers into one ranked list.",
        version: version,
        subcommands: [
            SearchCommand.self, PopularCommand.self, ProvidersCommand.self, ConfigCommand.self, InspectCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// Chooses the log backend once, before any command runs, then runs the command.
    ///
    /// Every exit goes through ``Console/finish(exitCode:)``, so what was printed is written
    /// out and a failed standard output decides the status.
    static func main() async {
        Console.prepareStandardStreams()
        SignalWatcher.install()
        LoggingSystem.bootstrap(ConsoleLogHandler.init)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let status = Console.finish(exitCode: code.rawValue)
            if status == code.rawValue { exit(withError: error) }
            _exit(status)
        }
        _exit(Console.finish(exitCode: 0))
    }
}
