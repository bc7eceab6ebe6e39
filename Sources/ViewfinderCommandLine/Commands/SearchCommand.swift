import ArgumentParser
import ProviderKit
import SearchViewModel

/// `viewfinder search QUERY...`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search every configured provider for photos matching the query.")

    @Argument(help: "What to look for; several words must all match.")
    var query: [String] = []

    // Before the search options, so `--download` leads the help's Download section.
    @OptionGroup(title: "Download") var destination: DownloadDestination

    @OptionGroup var options: SearchOptions

    mutating func validate() throws {
        try Self.check(query: query, text: text)
    }

    /// The check `search`'s query words (`text` once joined) must pass; ``SearchFastParse``
    /// runs it too.
    static func check(query: [String], text: String) throws {
        try QueryValidation.check(query, text: text, example: "viewfinder search harbor")
    }

    /// The query's words joined by spaces.
    private var text: String { query.joinedText(separator: " ") }

    /// The search these arguments ask for.
    var searchRun: SearchRun {
        SearchRun(operation: .search(text), options: options.choices, downloadInto: destination.directory)
    }

    func run() async throws {
        try await searchRun.execute()
    }
}

/// `viewfinder popular`
struct PopularCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popular",
        abstract: "Show the merged popular or featured feeds of the providers that have one.")

    // Before the search options, so `--download` leads the help's Download section.
    @OptionGroup(title: "Download") var destination: DownloadDestination

    @OptionGroup var options: SearchOptions

    func run() async throws {
        try await SearchRun(operation: .popular, options: options.choices, downloadInto: destination.directory)
            .execute()
    }
}
