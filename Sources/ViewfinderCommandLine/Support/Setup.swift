import Foundation
import Logging
import ProviderKit
import ServiceBus

/// Finds and loads the configuration and builds the service bus, as every command needs.
struct Setup {
    let configuration: Configuration
    let bus: ServiceBus
    /// The logger providers use; `--verbose` shows its debug messages.
    let logger: Logger
    /// The network client under the cache, whose threads a download starts early; `nil` offline.
    let network: CurlHTTPClient?

    /// How API answers are cached: stored in and answered from `<cache folder>/http` (the
    /// default), bypassed (`--no-cache`), or the only source of answers (`--offline`).
    enum CacheUse {
        case normal, bypass, offline
    }

    /// Loads the configuration named by `--config` (or found in the usual places); the one
    /// ``WarmUp`` read meanwhile when it read the same file.
    static func load(configPath: String?, verbose: Bool, cache: CacheUse = .normal) throws -> Setup {
        let file = try locate(configPath)
        return make(
            try WarmUp.takeConfiguration(readFrom: file) ?? loadConfiguration(file), verbose: verbose, cache: cache)
    }

    /// The logger, HTTP client and bus for a loaded `configuration`, its secrets hidden in all output.
    static func make(_ configuration: Configuration, verbose: Bool, cache: CacheUse = .normal) -> Setup {
        Console.redact(configuration.secrets)
        var logger = Logger(label: "viewfinder")
        logger.logLevel = verbose ? .debug : .warning
        logger.debug("using configuration \(configuration.file)")
        let network = CurlHTTPClient(userAgent: "viewfinder/\(Viewfinder.version)", logger: logger)
        let folder = cacheDirectory()
        let http: any HTTPClient =
            switch cache {
            case .bypass: network
            case .normal, .offline:
                CachingHTTPClient(
                    wrapping: network, directory: httpCacheDirectory(folder),
                    mode: cache == .offline ? .offline : .normal,
                    logger: logger)
            }
        let context = ProviderContext(
            http: http, logger: logger, cacheDirectory: folder, baseDirectory: configuration.baseDirectory)
        SignalWatcher.runBeforeExit(context.shutdown)
        return Setup(
            configuration: configuration, bus: ServiceBus(configuration: configuration, context: context),
            logger: logger, network: cache == .offline ? nil : network)
    }

    /// Finds the configuration; `argument` is how the command took `configPath` (`--config`, or
    /// `nil` for a positional argument), so a message can say where a missing path came from.
    static func locate(_ configPath: String?, argument: String? = "--config") throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        switch ConfigurationLocator.locate(explicitPath: configPath, environment: environment, currentDirectory: here) {
        case .found(let url):
            return url
        case .missing(let path, let namedBy):
            let source = namedBy == "--config" ? argument.map { " (named by \($0))" } ?? "" : " (named by \(namedBy))"
            throw CommandFailure(
                message: "no configuration file at \(path)\(source)", exitCode: ExitCodes.configuration)
        case .notFound(let searched):
            throw CommandFailure(
                message: "no configuration file found; looked for \(searched.joined(separator: " and ")). "
                    + "Pass --config PATH or set VIEWFINDER_CONFIG.",
                exitCode: ExitCodes.configuration)
        }
    }

    static func loadConfiguration(_ url: URL) throws -> Configuration {
        let loader = ConfigurationLoader(registry: ProviderFactories.registry, places: places)
        do {
            return try loader.load(contentsOf: url, displayPath: displayPath(url))
        } catch {
            throw CommandFailure(
                message: "invalid configuration\n\(error.description)", exitCode: ExitCodes.configuration)
        }
    }

    /// The path relative to the current folder when the file is below it.
    static func displayPath(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }

    /// `$XDG_CACHE_HOME/viewfinder`, else `$HOME/.cache/viewfinder` (``UserFolders``).
    static func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.base("XDG_CACHE_HOME", orInHome: ".cache", environment: environment)
            .appendingPathComponent("viewfinder")
    }

    /// Where API answers are cached: `http` in ``cacheDirectory(environment:)``.
    static func httpCacheDirectory(_ cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("http", isDirectory: true)
    }
}
