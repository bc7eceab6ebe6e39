import ArgumentParser
import Foundation
import LocalFolderProvider
import ProviderKit
import SearchViewModel
import ServiceBus
import WebView

/// `viewfinder serve`: the live web front on 127.0.0.1.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live search page on 127.0.0.1 (only this machine can reach it).")

    @Option(
        name: .customLong("port"), parsing: .unconditional,
        help: ArgumentHelp("The port to listen on; 0 picks a free one (default: 8733).", valueName: "port"))
    var portText: String?

    /// `--port` as a number; text, so that any wrong value gets the message naming the range.
    var port: Int { portText.flatMap { Int($0) } ?? 8733 }

    @Option(
        help: "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml).")
    var config: String?

    @Flag(name: .shortAndLong, help: "Log what each provider does on standard error.")
    var verbose = false

    mutating func validate() throws {
        try NumberOption.check(portText, named: "--port", in: 0...65535, as: "a whole number from 0 to 65535")
    }

    func run() async throws {
        try await CommandFailure.reporting {
            try await serve()
        }
    }

    private func serve() async throws {
        // Each connection costs a descriptor: take all the system allows (WebServer keeps a margin).
        DescriptorLimit.raise()
        let setup = try await Setup.load(configPath: config, verbose: verbose)
        let configured = setup.configuration.search
        let bus = setup.bus
        var server = WebServer(
            port: port, resources: try WebResources.load(),
            recent: RecentSearches(folder: RecentSearches.defaultFolder()),
            redact: { Console.redacted($0) }, makeEncoder: { LiveEvents() },
            launch: { operation, texts in
                var settings = configured
                for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
                    guard let key = SearchFilters.Key(rawValue: name) else { continue }
                    do throws(FilterValueError) {
                        try settings.filters.set(key, from: text)
                    } catch {
                        throw PageMessage("\(error.key) '\(error.value)' is \(error.problem)")
                    }
                }
                let lineup = try bus.lineup(for: operation)
                if lineup.providers.isEmpty {
                    throw PageMessage("no provider can answer this; see `viewfinder providers`")
                }
                return (
                    SearchViewModel(lineup: lineup, settings: settings),
                    SearchRequest(operation, limit: settings.limit, filters: settings.filters)
                )
            })
        // A local RAW is shown full-screen by its largest JPEG preview, and in the grid by the
        // smallest at least 256 px wide.
        server.rawPreview = { file in LocalRAWImage(file, pick: RAWPreviews.forFullScreen) }
        server.rawGridPreview = { file in LocalRAWImage(file, pick: RAWPreviews.forGrid) }
        // Signals have one owner, the watcher: the first one stops the server gracefully (its
        // searches are cancelled, their streams end), a second ends Viewfinder at once.
        let shutdown = ServerShutdown()
        let signals = SignalWatcher.Search(cancel: { shutdown.request() })
        SignalWatcher.begin(signals)
        defer { SignalWatcher.end(signals) }
        do {
            try await server.run(shutdown: shutdown) { bound in
                Console.out("Viewfinder is serving http://127.0.0.1:\(bound)/ (Ctrl-C stops it)\n")
            }
            if let signal = signals.stoppingSignal { throw TerminatedBySignal(signal: signal) }
        } catch let stopped as TerminatedBySignal {
            throw stopped
        } catch let inUse as WebServer.PortInUse {
            throw CommandFailure(message: inUse.description, exitCode: ExitCodes.failed)
        } catch {
            throw CommandFailure(
                message:
                    "cannot serve on 127.0.0.1:\(port): \(error); pick another port with --port (0 picks a free one)",
                exitCode: ExitCodes.failed)
        }
    }
}
