import ProviderKit
import ServiceBus

/// Start-up work that the commands reading a configuration all need (Yams' patterns, loading
/// libcurl), begun on a thread of its own before ArgumentParser reads the command line: that
/// reading is all on the main thread (reflection over every option, 9 ms of a search's start in
/// the static binary) while the second core idles. The process ends with `_exit`, so a warm-up
/// still running then is simply dropped.
enum WarmUp {
    /// The commands that read a configuration.
    private static let configurationCommands: Set<String> = [
        "search", "popular", "download", "serve", "providers", "config",
    ]

    /// Starts the warm-up when `arguments` (the program's, its name first) name such a command.
    static func start(arguments: [String]) {
        guard arguments.count > 1, configurationCommands.contains(arguments[1]) else { return }
        NamedThread.start("vf-warm-up") {
            ConfigurationLoader.warmUp()
            CurlLibrary.load()  // libcurl and OpenSSL loaded and set up, 7 ms or more
        }
    }
}
