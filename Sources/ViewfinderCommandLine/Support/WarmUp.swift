import ArgumentParser
import Foundation
import Places
import ProviderKit
import ServiceBus
import Synchronization

/// Start-up work that the commands reading a configuration all need (reading the configuration,
/// loading libcurl when the lineup uses the network), begun on a thread of its own before ArgumentParser reads the command line:
/// that reading is all on the main thread (reflection over every option, 9 ms of a search's start
/// in the static binary) while the second core idles. The process ends with `_exit`, so a
/// warm-up still running then is simply dropped.
enum WarmUp {
    /// Whether `command` reads a configuration. A switch, not a `Set` literal: building a set
    /// of strings was 0.4 ms of the main thread's start.
    private static func readsConfiguration(_ command: String) -> Bool {
        switch command {
        case "search", "popular", "download", "serve", "providers", "config": true
        default: false
        }
    }

    /// An object as GRDB's database queue is, for the notification centre.
    private final class Observer {}

    /// The configuration read ahead, where it was read from, and the `--config` that named it.
    private static let preloaded = Mutex<(named: String?, source: Setup.Source, configuration: Configuration)?>(nil)

    /// Shut while the warm-up thread reads the configuration (each start makes a new one); nil
    /// when no warm-up reads one.
    private static let reading = Mutex<OnceGate?>(nil)

    /// How the main thread read the command line: 0 not yet, 1 by hand, 2 by ArgumentParser.
    private static let commandLineReading = Atomic<UInt8>(0)

    /// Tells the warm-up how the command line was read: `byHand` (``SearchFastParse``), or else
    /// ArgumentParser will read it, whose reflection over a search's options it can do ahead.
    static func commandLineRead(byHand: Bool) {
        commandLineReading.store(byHand ? 1 : 2, ordering: .releasing)
    }

    /// Starts the warm-up when `arguments` (the program's, its name first) name such a command.
    ///
    /// With `readingHere` (a search read by hand) the configuration is read on the calling
    /// thread before the warm-up thread starts: the hand-read command line is ready long before
    /// a new thread would be (a search's file was read 0.4 ms later on a thread of its own than
    /// here), and the command then takes it without waiting for another thread to wake it.
    /// ArgumentParser's reading takes longer, so the file is read beside it.
    static func start(arguments: [String], readingHere: Bool = false) {
        guard arguments.count > 1, readsConfiguration(arguments[1]) else { return }
        let named = configPath(in: arguments)
        let searches = ["search", "popular", "download"].contains(arguments[1])
        let downloads =
            arguments[1] == "download" || arguments.contains { $0 == "--download" || $0.hasPrefix("--download=") }
        let sendsRequests = searches || arguments[1] == "serve" || arguments.contains("--check")
        let writesPage = arguments.contains { $0 == "html" || $0 == "--format=html" || $0 == "--open" }
        // What follows the configuration: the rest of the warm-up, on its own thread.
        let warm: @Sendable (Configuration?) -> Void = { configuration in
            // The threads a search starts first (signals, output, its first file thread),
            // started here beside the move to Swift's pool instead of on the search's way; only
            // for a search read by hand, which is sure to run (not `search --help`).
            if readingHere {
                SignalWatcher.install()
                OutputPump.shared.start()
                BlockingExecutor.shared.post {}
            }
            // The search options' reflection (a third of the parse) while the main thread
            // reads the command line up to them: 2 ms sooner to the command. Only when
            // ArgumentParser reads it (the main thread has said so before the warm-up began).
            if searches, commandLineReading.load(ordering: .acquiring) == 2 { _ = try? SearchOptions.parse([]) }
            // libcurl and OpenSSL loaded and set up (7 ms or more of CPU) only when the command
            // will use them: a local-only search, `config` or `providers` never does.
            let network = downloads || (sendsRequests && configuration?.usesNetwork ?? true)
            if network { CurlLibrary.load() }
            // libcrypto (SHA-256) for the cache's keys and the page's hashes: with libcurl it is
            // loaded already, so this only finds its functions; without, it is loaded here.
            if network || writesPage || arguments[1] == "serve" { SHA256.prepare() }
            // The gazetteer mapped and checked (about 1 ms) here, not on Swift's pool when the
            // first photo with a position arrives.
            if searches || arguments[1] == "serve" { _ = Gazetteer.forSearch }
            // The download archive's database leaves Foundation's notification centre as it
            // closes, at the very end; Foundation sets up its bridging on the first such call
            // (1.3 ms), here instead.
            if downloads { NotificationCenter.default.removeObserver(Observer()) }
        }
        if readingHere {
            let configuration = preload(configPath: named)
            NamedThread.start("vf-warm-up") { warm(configuration) }
            return
        }
        let gate = OnceGate()
        reading.withLock { $0 = gate }
        NamedThread.start("vf-warm-up") {
            let configuration = preload(configPath: named)
            gate.open()
            warm(configuration)
        }
    }

    /// Returns once the warm-up has read the configuration (at once when it is not reading one),
    /// so a command takes what it read instead of reading the same file beside it: with
    /// `search` read by hand, the command reached the file while the warm-up was still on it.
    /// Awaited, never blocking a thread of Swift's pool.
    static func configurationRead() async {
        await reading.withLock { $0 }?.wait()
    }

    /// The configuration read ahead from `source`, taken once; `nil` when none was, or not yet
    /// (the caller then reads the file itself).
    static func takeConfiguration(readFrom source: Setup.Source) -> Configuration? {
        preloaded.withLock { slot in
            guard let entry = slot, entry.source == source else { return nil }
            slot = nil
            return entry.configuration
        }
    }

    /// The configuration read ahead for the same `--config` (or none) as `configPath`, and
    /// where it was read from, taken once: the same path in the same folder and environment is
    /// the same file, so the command need not look for it again. `nil` as for ``takeConfiguration(readFrom:)``.
    static func takeConfiguration(named configPath: String?) -> (Setup.Source, Configuration)? {
        preloaded.withLock { slot in
            guard let entry = slot, entry.named == configPath else { return nil }
            slot = nil
            return (entry.source, entry.configuration)
        }
    }

    /// Reads the configuration the command line most likely names (3 ms), as ``Setup`` would; a
    /// file that cannot be read is left for the command, which says why. A guess is only used
    /// when the command, having parsed its options, finds the same file.
    /// Returns it, or `nil` when none was read.
    @discardableResult
    static func preload(configPath: String?) -> Configuration? {
        guard let source = try? Setup.locate(configPath), let configuration = try? Setup.loadConfiguration(source)
        else { return nil }
        preloaded.withLock { $0 = (configPath, source, configuration) }
        return configuration
    }

    /// The value of `--config` in `arguments` (`--config PATH` or `--config=PATH`, before any
    /// `--`), or `nil`.
    static func configPath(in arguments: [String]) -> String? {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--" { return nil }
            if argument == "--config" { return rest.first }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
        }
        return nil
    }
}
