import ArgumentParser
import Foundation
import Logging
import ProviderKit
import SearchViewModel
import ServiceBus
import WebView

/// Binds the view-model to a renderer for one `search` or `popular` run, and picks the exit code.
struct SearchRun: Equatable {
    var operation: SearchRequest.Operation
    var options: SearchChoices
    /// The folder to download the results into, after the search (`--download`, `--to`).
    var downloadInto: String?

    func execute() async throws {
        try await CommandFailure.reporting {
            try await perform()
        }
    }

    private func perform() async throws {
        let paths = options.folders
        // Checked off Swift's pool (a folder on a hung mount must not hold it); no trip there for none.
        let folders =
            paths.isEmpty
            ? []
            : try await BlockingExecutor.shared.run { _ throws(CommandFailure) in try AdHocFolders.resolve(paths) }
        let setup = try await Setup.load(
            configPath: options.config, verbose: options.verbose, cache: options.cacheUse, folders: folders)
        // A folder named on the command line is searched even when --provider picks others.
        let added = setup.configuration.instances.suffix(folders.count).map(\.name)
        let selected = options.providers.isEmpty ? [] : options.providers + added
        let settings: SearchSettings
        do {
            settings = try options.settings(from: setup.configuration.search)
        } catch {
            throw CommandFailure(
                message:
                    "--\(error.key) '\(error.value)' (with search.filters in \(setup.configuration.file)) is \(error.problem)",
                exitCode: ExitCodes.usage)
        }
        let lineup: ProviderLineup
        do {
            lineup = try setup.bus.lineup(for: operation, selecting: selected)
        } catch {
            let code = if case .unknownProvider = error { ExitCodes.usage } else { ExitCodes.configuration }
            throw CommandFailure(message: error.description, exitCode: code)
        }

        // A folder no file can go into fails now, before the search spends any quota.
        if let directory = downloadInto { try DownloadRun.checkFolder(directory) }
        // The download's HTTP threads start beside the search, not on the way to its first file.
        if downloadInto != nil { setup.network?.prepareForTransfers() }
        if let near = settings.filters.near {
            let others = near.alternatives.isEmpty ? "" : "; also \(near.alternatives.joinedText(separator: "; "))"
            setup.logger.info(
                "near \(near.name) (\(near.center.latitude), \(near.center.longitude)), within \(settings.filters.within) km\(others)"
            )
        }
        let viewModel = SearchViewModel(lineup: lineup, settings: settings)
        let request = SearchRequest(operation, limit: settings.limit, filters: settings.filters)
        var renderer = try makeRenderer()
        let searchStop = SearchStop()
        // Cancelling the search kills a plugin's group when its stream is waiting for a page;
        // killing every running plugin too covers one caught between pages.
        let stop: @Sendable () -> Void = {
            searchStop.stop()
            setup.bus.context.shutdown.runAll()
        }
        let signals = SignalWatcher.Search(cancel: stop)
        SignalWatcher.begin(signals)
        // Nobody reads the results any more (`| head -1`, a full disk): stop the plugins and go.
        OutputPump.shared.whenOutputFails(stop)
        defer {
            SignalWatcher.end(signals)
            OutputPump.shared.whenOutputFails(nil)
        }
        let final = try await viewModel.run(request, stop: searchStop) { state in
            if let state { renderer.update(state) }
        }
        if Console.outputFailure != nil {
            // The exit status says why (see Console.finish); a signal that stopped the search still ends it.
            if let signal = signals.terminatingSignal { throw TerminatedBySignal(signal: signal) }
            return
        }
        logFilters(final, logger: setup.logger)
        func printResults() async {
            await renderer.prepare(final)
            renderer.finish(final)
        }
        // SIGTERM, SIGHUP or SIGQUIT: as Ctrl-C, what arrived is printed; every plugin is stopped
        // already, and Viewfinder then ends as the signal would have ended it.
        if let signal = signals.terminatingSignal {
            await printResults()
            throw TerminatedBySignal(signal: signal)
        }
        if let directory = downloadInto, !final.wasCancelled {
            let download = DownloadRun(directory: directory, choices: options.download, setup: setup, lineup: lineup)
            let photos = final.results.map(\.photo)
            if Terminal.stderrIsTerminal {
                // Someone watches: the results, then the files' progress, nothing mixed in between.
                await printResults()
                try await download.execute(photos)
            } else {
                // Nothing is shown live (no status line, progress or log on a terminal): the
                // download starts while the results are written (200 in JSON, 2 ms).
                try await download.execute(photos, meanwhile: printResults)
            }
        } else {
            await printResults()
        }
        if final.wasCancelled { throw TerminatedBySignal(signal: SIGINT) }  // Ctrl-C, after printing what arrived
        if lineup.providers.isEmpty {
            throw CommandFailure(
                message: "no provider could run; see `viewfinder providers`", exitCode: ExitCodes.failed)
        }
        if final.everyProviderFailed { throw ExitCodes.failed }
    }

    /// For `--verbose`: where each provider's filters ran, what they removed, and whether paging
    /// stopped at its extra-page bound.
    /// A filter a provider's photos lack the field for is reported whatever the verbosity.
    private func logFilters(_ state: SearchState, logger: Logger) {
        let fields = [
            "license": ("a licence", "--license"), "orientation": ("a pixel size", "--orientation"),
            "size": ("a pixel size", "--min-width/--min-height"),
            "taken": ("a date taken", "--taken-after/--taken-before"),
        ]
        let unevaluated = state.filtersNoProviderEvaluated
        for kind in unevaluated {
            let (field, option) = fields[kind] ?? (kind, "--\(kind)")
            logger.warning(
                "no provider could evaluate the \(option) filter: none applies it at its source and no photo gives \(field), so it removed every photo"
            )
        }
        for status in state.providers {
            for kind in status.filtersUnevaluable where !unevaluated.contains(kind) {
                let (field, option) = fields[kind] ?? (kind, "--\(kind)")
                logger.warning(
                    "\(status.name): none of its photos gives \(field), so the \(option) filter removed every one"
                )
            }
        }
        for status in state.providers where !status.filtersAtSource.isEmpty || !status.filtersAfter.isEmpty {
            let atSource = status.filtersAtSource.isEmpty ? "none" : status.filtersAtSource.joinedText(separator: ", ")
            let after = status.filtersAfter.isEmpty ? "none" : status.filtersAfter.joinedText(separator: ", ")
            logger.debug(
                "\(status.name): filters at the source: \(atSource); applied afterwards: \(after); removed \(status.removedByFilters)"
            )
            if status.reachedPageBound {
                logger.debug(
                    "\(status.name): stopped after \(AsyncThrowingStream<PhotoPage, any Error>.extraPageBound) extra pages with its share unfilled"
                )
            }
        }
    }

    private func makeRenderer() throws -> any SearchRenderer {
        switch options.format {
        case .table:
            TableRenderer(
                width: Terminal.width, style: Style(enabled: Terminal.usesColor(onTerminal: Terminal.stdoutIsTerminal)),
                explain: options.explain,
                statusLine: Terminal.showsStatusLine
                    ? StatusLine(style: Style(enabled: Terminal.usesColor(onTerminal: true))) : nil)
        case .json: JSONRenderer(explain: options.explain)
        case .ndjson: NDJSONRenderer(explain: options.explain)
        case .html:
            HTMLRenderer(
                resources: try WebResources.load(),
                openFolder: options.open ? Setup.cacheDirectory().appendingPathComponent("pages") : nil)
        }
    }
}
