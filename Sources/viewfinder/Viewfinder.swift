import ArgumentParser
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
    static func main() async {
        LoggingSystem.bootstrap(ConsoleLogHandler.init)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
