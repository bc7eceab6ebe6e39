import ArgumentParser
import Downloads
import Foundation
import ProviderKit
import ServiceBus
import TerminalView

/// Downloads a finished search's results for `download`, `search --download` and
/// `popular --download`: progress on a terminal, a summary, exit 1 when some failed.
struct DownloadRun {
    let directory: String
    let choices: DownloadChoices
    let setup: Setup
    let lineup: ProviderLineup

    /// The folder `directory` (as given on the command line) names.
    static func folder(_ directory: String) -> URL {
        URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    }

    /// Fails, saying why, when no file can be written into `directory` (a file is there, or a
    /// folder Viewfinder may not write in): called before the search, which spends API quota.
    static func checkFolder(_ directory: String) throws(CommandFailure) {
        if let problem = DownloadTarget.problem(with: folder(directory)) {
            throw CommandFailure(message: problem, exitCode: ExitCodes.failed)
        }
    }

    /// Downloads `photos`; `meanwhile` (printing the results) runs once the download has
    /// started, and the progress display only after it.
    func execute(_ photos: [Photo], meanwhile: () async -> Void = {}) async throws {
        let options = DownloadOptions(
            directory: Self.folder(directory),
            settings: choices.settings(from: setup.configuration.download), size: choices.size?.imageSize,
            useArchive: !choices.noArchive, link: choices.link,
            redact: { Console.redacted($0) })
        var providers: [String: any PhotoProvider] = [:]
        for live in lineup.providers { providers[live.name] = live.provider }
        let progress = Terminal.showsStatusLine ? DownloadProgress(width: Terminal.width) : nil
        let downloader = Downloader(
            http: setup.bus.context.http, options: options, logger: setup.logger,
            reportDownload: { [providers] photo in try await providers[photo.provider]?.reportDownload(of: photo) },
            events: { progress?.handle($0) })
        let task = Task { try await downloader.run(photos) }
        let signals = SignalWatcher.Search(cancel: { task.cancel() })
        SignalWatcher.begin(signals)
        defer { SignalWatcher.end(signals) }
        await meanwhile()
        progress?.start()
        let outcomes: [DownloadOutcome]
        do {
            outcomes = try await task.value
            progress?.stop()
        } catch let stopped as DownloadStopped {
            // Ctrl-C: what was done by then, before Viewfinder ends by the signal.
            progress?.stop()
            downloader.stop()
            _ = report(stopped.finished, folder: options.directory.path, unfinished: stopped.unfinished)
            throw TerminatedBySignal(signal: signals.terminatingSignal ?? SIGINT)
        } catch is CancellationError {
            progress?.stop()
            downloader.stop()
            throw TerminatedBySignal(signal: signals.terminatingSignal ?? SIGINT)
        } catch let failure as DownloadFailure {
            progress?.stop()
            if let outcomes = failure.outcomes { _ = report(outcomes, folder: options.directory.path) }
            throw CommandFailure(message: failure.message, exitCode: ExitCodes.failed)
        }
        let failed = report(outcomes, folder: options.directory.path)
        if failed > 0 { throw ExitCodes.failed }
    }

    /// Prints the summary on standard error and returns how many failed; `unfinished` photos
    /// were not done when the run was stopped.
    private func report(_ outcomes: [DownloadOutcome], folder: String, unfinished: Int? = nil) -> Int {
        let tally = DownloadTally(outcomes)
        let failures = tally.failures.map { failure in
            "  \(TerminalText.sanitized(failure.provider)) \(TerminalText.sanitized(failure.id)): "
                + TerminalText.sanitized(failure.reason)
        }
        var text =
            "Downloaded \(tally.downloaded) file\(tally.downloaded == 1 ? "" : "s") "
            + "(\(DownloadProgress.bytes(tally.bytes))) into \(TerminalText.sanitized(folder)); "
            + "already had \(tally.alreadyHad); failed \(failures.count)"
        if let unfinished { text = "Stopped. " + text + "; not finished \(unfinished)" }
        text += failures.isEmpty ? ".\n" : ":\n" + failures.joinedText(separator: "\n") + "\n"
        Console.err(text)
        return failures.count
    }
}
