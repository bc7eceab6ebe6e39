import ArgumentParser
import ProviderKit
import SearchViewModel

/// `viewfinder download QUERY... --to DIR`
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Search as `search` does, then download each result's image into a folder, with credits.",
        discussion: """
            Each image is written atomically (a re-run finishes what an interrupted one left), with an XMP \
            sidecar (NAME.EXT.xmp) holding its title, tags, author, licence and source. CREDITS.md lists the \
            credit line of each photo whose licence asks for one; .viewfinder-archive.sqlite remembers \
            what was downloaded, so a re-run fetches only what is new.
            """)

    @Argument(help: "What to look for; several words must all match.")
    var query: [String] = []

    @Option(name: .customLong("to"), help: ArgumentHelp("The folder to download into.", valueName: "dir"))
    var directory: String

    @OptionGroup var options: SearchOptions

    mutating func validate() throws {
        try QueryValidation.check(query, text: text, example: "viewfinder download harbor --to photos")
    }

    private var text: String { query.joinedText(separator: " ") }

    func run() async throws {
        try await SearchRun(operation: .search(text), options: options.choices, downloadInto: directory).execute()
    }
}
