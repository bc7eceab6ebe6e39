import Foundation
import ProviderKit
import ServiceBus
import Synchronization

/// Start-up work that the commands reading a configuration all need (reading the configuration,
/// loading libcurl), begun on a thread of its own before ArgumentParser reads the command line:
/// that reading is all on the main thread (reflection over every option, 9 ms of a search's start
/// in the static binary) while the second core idles. The process ends with `_exit`, so a
/// warm-up still running then is simply dropped.
enum WarmUp {
    /// The commands that read a configuration.
    private static let configurationCommands: Set<String> = [
        "search", "popular", "download", "serve", "providers", "config",
    ]

    /// The configuration read ahead, and the file it was read from.
    private static let preloaded = Mutex<(file: URL, configuration: Configuration)?>(nil)

    /// Starts the warm-up when `arguments` (the program's, its name first) name such a command.
    static func start(arguments: [String]) {
        guard arguments.count > 1, configurationCommands.contains(arguments[1]) else { return }
        let named = configPath(in: arguments)
        NamedThread.start("vf-warm-up") {
            preload(configPath: named)
            CurlLibrary.load()  // libcurl and OpenSSL loaded and set up, 7 ms or more
        }
    }

    /// The configuration read ahead from `file`, taken once; `nil` when none was, or not yet
    /// (the caller then reads the file itself).
    static func takeConfiguration(readFrom file: URL) -> Configuration? {
        preloaded.withLock { slot in
            guard let entry = slot, entry.file == file else { return nil }
            slot = nil
            return entry.configuration
        }
    }

    /// Reads the configuration the command line most likely names (3 ms), as ``Setup`` would; a
    /// file that cannot be read is left for the command, which says why. A guess is only used
    /// when the command, having parsed its options, finds the same file.
    private static func preload(configPath: String?) {
        guard let file = try? Setup.locate(configPath), let configuration = try? Setup.loadConfiguration(file) else {
            ConfigurationLoader.warmUp()  // the YAML patterns at least
            return
        }
        preloaded.withLock { $0 = (file, configuration) }
    }

    /// The value of `--config` in `arguments` (`--config PATH` or `--config=PATH`, before any
    /// `--`), or `nil`.
    static func configPath(in arguments: [String]) -> String? {
        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if argument == "--config" {
                let next = arguments.index(after: index)
                return next < arguments.endIndex ? arguments[next] : nil
            }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
            index = arguments.index(after: index)
        }
        return nil
    }
}
