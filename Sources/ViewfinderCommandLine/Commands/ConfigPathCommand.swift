import ArgumentParser
import Foundation
import ProviderKit
import ServiceBus
import TerminalView

extension ConfigCommand {
    /// `viewfinder config path [--config PATH]`
    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "Print which configuration file a command would use, and why.")

        @Option(
            help:
                "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml)."
        )
        var config: String?

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let outcome = ConfigurationLocator.locate(
                explicitPath: config, environment: environment, currentDirectory: Setup.currentDirectory)
            let variable = environment["VIEWFINDER_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            let lines: [String]
            switch outcome {
            case .found(let url):
                let why =
                    if config != nil {
                        "named by --config"
                    } else if variable != nil {
                        "named by $VIEWFINDER_CONFIG"
                    } else if url == Setup.currentDirectory.appendingPathComponent("config.yaml") {
                        "config.yaml in the current folder"
                    } else {
                        "the user's configuration file ($XDG_CONFIG_HOME/viewfinder/config.yaml, else ~/.config/viewfinder/config.yaml)"
                    }
                lines = [url.standardizedFileURL.path, "  " + why]
            case .missing(let path, let namedBy):
                Console.error(
                    "no configuration file at \(TerminalText.sanitized(path)) (named by \(namedBy == "--config" ? namedBy : "$" + namedBy))"
                )
                throw ExitCodes.configuration
            case .notFound(let searched):
                lines = [
                    StarterConfiguration.builtInName,
                    "  no file at \(searched.joinedText(separator: " or ")); `viewfinder config init` writes one",
                ]
            }
            Console.out(lines.map { TerminalText.sanitized($0) }.joinedText(separator: "\n") + "\n")
        }
    }
}
