import ArgumentParser
import ProviderKit
import TerminalView

#if canImport(Glibc)
    import Glibc
#endif

/// `viewfinder browse [QUERY...]`: the search screen in the terminal.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Search and look through photos on a full-screen terminal view (the default on a terminal).",
        discussion: """
            Type a query and press Enter; the list fills as each provider answers. Keys: ↑/↓, PgUp/PgDn, \
            Home/End move; Enter views a photo full-screen; Space marks; d downloads the marked photos \
            (else the selected one) into download.folder (default: the pictures folder's Viewfinder); o opens a photo's page; \
            c copies its credit line; f sets filters; p shows the popular feeds; ? lists the keys; q quits.
            """)

    @Argument(help: "What to look for first (optional).")
    var query: [String] = []

    @Option(name: .customLong("provider"), help: "Only use this provider instance (repeatable).")
    var providers: [String] = []

    @Option(
        help: "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml).")
    var config: String?

    @Option(
        name: .customLong("folder"),
        help: ArgumentHelp(
            "Also search this folder of photos, beside the configured providers (repeatable).", valueName: "path"))
    var folders: [String] = []

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp("How many results to show (default: search.limit in the configuration).", valueName: "n"))
    var limit: Int?

    mutating func validate() throws {
        if let limit, !(1...10_000).contains(limit) {
            throw ValidationError("Please give --limit a whole number from 1 to 10000.")
        }
    }

    /// Whether `viewfinder` alone starts the screen: standard input and output are a terminal
    /// that is not `dumb`; otherwise it prints the help.
    static var startsWithoutArguments: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !Terminal.isDumb
    }

    func run() async throws {
        try await BrowseRun(
            query: query.joinedText(separator: " "), providers: providers, config: config, folders: folders,
            limit: limit
        ).execute()
    }
}
