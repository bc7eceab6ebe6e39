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

    /// Where the configuration comes from: a file, or the built-in default when none is found.
    enum Source: Equatable {
        case file(URL)
        case builtIn
    }

    /// Loads the configuration named by `--config` (or found in the usual places, else the
    /// built-in default); the one ``WarmUp`` read meanwhile when it read the same (taken without
    /// looking for the file again when it read it for the same `--config`).
    /// `folders` (`--folder`) are searched beside the configured providers.
    static func load(
        configPath: String?, verbose: Bool, cache: CacheUse = .normal, folders: [URL] = []
    ) async throws -> Setup {
        await WarmUp.configurationRead()
        let source: Source
        let configuration: Configuration
        if let read = WarmUp.takeConfiguration(named: configPath) {
            (source, configuration) = read  // the same `--config` (or none), so the same file
        } else {
            source = try locate(configPath)
            configuration = try WarmUp.takeConfiguration(readFrom: source) ?? loadConfiguration(source)
        }
        if source == .builtIn { noteBuiltInDefault() }
        return make(try AdHocFolders.adding(folders, to: configuration), verbose: verbose, cache: cache)
    }

    /// Says once, on a terminal only, that no file was found and the built-in default is in use.
    private static func noteBuiltInDefault() {
        guard Terminal.stderrIsTerminal else { return }
        Console.err(
            "viewfinder: no configuration file found; using the built-in default "
                + "(`viewfinder config init` writes it to a file of your own)\n")
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

    /// Finds the configuration, or the built-in default when no file is found; `argument` is how
    /// the command took `configPath` (`--config`, or `nil` for a positional argument), so a
    /// message can say where a missing path came from.
    static func locate(_ configPath: String?, argument: String? = "--config") throws -> Source {
        switch ConfigurationLocator.locate(
            explicitPath: configPath,
            // The variables the locator reads (and `UserFolders` for it), not all of them.
            environment: ProcessEnvironment.values("VIEWFINDER_CONFIG", "XDG_CONFIG_HOME", "HOME"),
            currentDirectory: currentDirectory)
        {
        case .found(let url):
            return .file(url)
        case .missing(let path, let namedBy):
            let source = namedBy == "--config" ? argument.map { " (named by \($0))" } ?? "" : " (named by \(namedBy))"
            throw CommandFailure(
                message: "no configuration file at \(path)\(source)", exitCode: ExitCodes.configuration)
        case .notFound:
            return .builtIn
        }
    }

    /// The folder the command runs in, which relative paths on the command line start from.
    static var currentDirectory: URL { URL(fileURLWithPath: ProcessEnvironment.workingDirectory(), isDirectory: true) }

    /// Reads the configuration from `source`.
    static func loadConfiguration(_ source: Source) throws -> Configuration {
        switch source {
        case .file(let url): try loadConfiguration(url)
        case .builtIn: try StarterConfiguration.builtIn()
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
        url.standardizedFileURL.path.relative(below: ProcessEnvironment.workingDirectory() + "/")
    }

    /// `$XDG_CACHE_HOME/viewfinder`, else `$HOME/.cache/viewfinder` (``UserFolders``).
    static func cacheDirectory(environment: [String: String] = ProcessEnvironment.values("XDG_CACHE_HOME", "HOME"))
        -> URL
    {
        UserFolders.base("XDG_CACHE_HOME", orInHome: ".cache", environment: environment)
            .appendingPathComponent("viewfinder")
    }

    /// Where API answers are cached: `http` in ``cacheDirectory(environment:)``.
    static func httpCacheDirectory(_ cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("http", isDirectory: true)
    }
}
