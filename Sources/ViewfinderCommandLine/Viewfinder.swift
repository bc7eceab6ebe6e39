import ArgumentParser
import CStartUp
import Foundation
import Logging
import Places
import ProviderKit
import TerminalView

/// Runs Viewfinder's command line, as the `viewfinder` program does: the way to build a
/// `viewfinder` of one's own with provider types from another package added, as Swift tools are
/// extended (see `Examples/ExternalProvider` and `docs/ADDING_A_PROVIDER.md`).
public enum ViewfinderCommandLine {
    /// Runs the command the process's arguments name, with `factories` beside the built-in
    /// provider types (a factory whose `typeName` is already taken replaces the built-in one),
    /// and ends the process with the command's exit status. It starts on the main thread, as an
    /// `@main` program's entry does: help and the version then run there alone, and start no
    /// thread of Swift's pool.
    @MainActor
    public static func main(adding factories: [any ProviderFactory] = []) async -> Never {
        ProviderFactories.add(factories)
        await Viewfinder.runCommandLine()
        _exit(Console.finish(exitCode: 0))
    }
}

/// The `viewfinder` command: search several photo sources at once.
struct Viewfinder: AsyncParsableCommand {
    static let version = ViewfinderVersion.current

    // Every command names itself: otherwise ArgumentParser derives the name from the type
    // through reflection, a fifth of `--version`'s start-up in the static binary.
    static let configuration = CommandConfiguration(
        commandName: "viewfinder",
        abstract:
            "Search folders of photos, Wikimedia Commons, Openverse, Unsplash, Pexels, Pixabay, Flickr and 500px at once, and merge the answers into one ranked list.",
        version: version,
        subcommands: [
            SearchCommand.self, PopularCommand.self, DownloadCommand.self, ProvidersCommand.self, ConfigCommand.self,
            InspectCommand.self, ServeCommand.self, BrowseCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// Chooses the log backend once, before any command runs, then runs the command.
    ///
    /// Every exit goes through ``Console/finish(exitCode:)``, so what was printed is written
    /// out and a failed standard output decides the status.
    @MainActor
    static func runCommandLine() async {
        MemoryTuning.apply()  // before any other thread allocates
        // Before any thread opens a file: a closed standard stream's number would go to the
        // first file opened (the warm-up thread loads libraries), and output would go there.
        Console.prepareStandardStreams()
        let arguments = CommandLine.arguments
        // `--version` alone is answered before ArgumentParser reads the command line: its
        // reflection over the commands' options was a quarter of the CPU `--version` took.
        if arguments.count == 2, arguments[1] == "--version" {
            Console.writeHere(version + "\n", to: STDOUT_FILENO)
            _exit(Console.finish(exitCode: 0))
        }
        // The caches a command writes at start (Swift's metadata, laid out together by the
        // release link), made present in one call while this is the only thread: a third of a
        // local search's faults were them, each read, then copied and its TLB flushed.
        _ = vf_populate_start_up_data()
        // The gazetteer's passed checksum noted in the cache folder: later runs skip reading it all.
        Gazetteer.noteChecks { Setup.cacheDirectory() }
        // A search in its usual form is read by hand, without ArgumentParser's reflection (a
        // quarter of a local search's CPU); anything else is ArgumentParser's, as before.
        let search = SearchFastParse.search(from: arguments)
        // Swift's pool starts its first thread for the first task: asked now, it is up by the
        // time the search (its configuration read on this thread first) moves to it. The yield
        // lets it start now: the scheduler mostly left a new thread waiting behind this one,
        // the second processor idle, until this one slept; Dispatch's set-up on that thread
        // (its event loop, its manager thread) was then on the search's way.
        if search != nil {
            Task.detached {}
            sched_yield()
        }
        WarmUp.commandLineRead(byHand: search != nil)
        // A write to a reader that went away is an error to report (exit 141), not a signal.
        // Before the warm-up, which installs the signal watcher ahead of a search: the watcher's
        // handler then takes SIGPIPE's place, as when the search installed it (a handler, unlike
        // SIG_IGN, is reset by exec for any program Viewfinder starts).
        signal(SIGPIPE, SIG_IGN)
        // Begun before ArgumentParser reads the command line, so the configuration is read
        // beside it; a search read by hand has it read here, first.
        WarmUp.start(arguments: arguments, readingHere: search != nil)
        LoggingSystem.bootstrap(ConsoleLogHandler.init)
        // A search read by hand is known to be a command: no dynamic cast (each asks the
        // runtime to scan every conformance in the binary, 0.07 ms).
        if let search { await runToExit(search) }
        do {
            try await runParsed(parseAsRoot())
        } catch {
            exit(for: error)
        }
        _exit(Console.finish(exitCode: 0))
    }

    /// Runs a search read by hand and, when it succeeds, ends the process where it finishes, on a
    /// thread of Swift's pool: returning to the main actor to end it made Dispatch start one more
    /// thread to run the main queue (the main thread waits in `dispatch_main`), 0.3 ms at the end
    /// of every search. A failure or a signal ends it on the main actor, as any other command's.
    private static func runToExit(_ search: sending SearchRun) async -> Never {
        do {
            SignalWatcher.install()
            try await search.execute()
        } catch {
            await exitOnMainActor(for: error)
        }
        _exit(Console.finish(exitCode: 0))
    }

    /// ``exit(for:)`` on the main actor.
    @MainActor
    private static func exitOnMainActor(for error: any Error) -> Never {
        exit(for: error)
    }

    /// Ends the process for a command's `error`: a signal's status, or what ArgumentParser would
    /// print (help, version, usage errors) with its exit code.
    private static func exit(for error: any Error) -> Never {
        if let terminated = error as? TerminatedBySignal {
            let status = Console.finish(exitCode: 128 + terminated.signal)
            if status == 128 + terminated.signal { SignalWatcher.end(by: terminated.signal) }
            _exit(status)
        }
        // Through the same writer as everything else; a usage error may echo the arguments, so
        // it is sanitized.
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            Console.writeHere(message.isEmpty ? "" : message + "\n", to: STDOUT_FILENO)
        } else if !message.isEmpty {
            Console.writeHere(TerminalText.sanitizedLines(message) + "\n", to: STDERR_FILENO)
        }
        _exit(Console.finish(exitCode: code.rawValue))
    }

    /// Runs a command ArgumentParser read.
    @MainActor
    private static func runParsed(_ parsed: sending any ParsableCommand) async throws {
        var command = parsed
        // `viewfinder` alone on a terminal opens the screen; elsewhere it prints the help.
        if command is Viewfinder, CommandLine.arguments.count == 1, BrowseCommand.startsWithoutArguments {
            command = try BrowseCommand.parse([])
        }
        if var asyncCommand = command as? any AsyncParsableCommand {
            // Only for a command (every one of ours is async; ArgumentParser's help is
            // not, nor is a bare `viewfinder`): help and the version start no thread. A
            // signal before this has its default action, which is what the watcher does then.
            if !(command is Viewfinder) { SignalWatcher.install() }
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }
}
