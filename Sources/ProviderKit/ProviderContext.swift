import Foundation
import Logging

/// The shared services a provider may use. Providers never create these themselves.
public struct ProviderContext: Sendable {
    /// The process-wide HTTP client.
    public var http: any HTTPClient
    /// Where the provider logs; the CLI decides where that goes.
    public var logger: Logger
    /// A folder the provider may keep caches in.
    public var cacheDirectory: URL
    /// The folder relative paths in the configuration resolve against.
    public var baseDirectory: URL
    /// For each option, the environment variables its value came from (`api_key` → `FLICKR_API_KEY`).
    public var optionVariables: [String: [String]]
    /// Names (never values) of the environment variables any configured secret was built from.
    /// A provider that starts programs withholds them from the child's environment.
    public var secretVariables: Set<String>
    /// Hides every configured secret: for text a provider cuts into an excerpt (a plugin's
    /// output, an error body), which must be redacted before it is cut, or a cut key survives.
    public var secrets: Redactor = .none
    /// What the program runs before it exits early; a provider that leaves work running beside
    /// a search (programs it started) adds how to stop it. Shared by every provider of a bus.
    public var shutdown = ShutdownHooks()

    /// Creates a context.
    public init(
        http: any HTTPClient, logger: Logger, cacheDirectory: URL, baseDirectory: URL,
        optionVariables: [String: [String]] = [:], secretVariables: Set<String> = []
    ) {
        self.http = http
        self.logger = logger
        self.cacheDirectory = cacheDirectory
        self.baseDirectory = baseDirectory
        self.optionVariables = optionVariables
        self.secretVariables = secretVariables
    }

    /// Where the user sets `option`, for messages: "$FLICKR_API_KEY", or "`api_key` in the configuration".
    public func whereToSet(_ option: String) -> String {
        let variables = optionVariables[option] ?? []
        return variables.isEmpty
            ? "`\(option)` in the configuration" : variables.map { "$\($0)" }.joinedText(separator: " or ")
    }

    /// Resolves a path from the configuration: absolute as given, `~` expanded, relative
    /// against ``baseDirectory``. `~/` is `$HOME` (absolute) as in a shell and in `${HOME}`,
    /// not the password file's home, which differs under `sudo -E`, in containers and in CI.
    public func resolvePath(_ path: String) -> URL {
        resolvePath(path, home: ProcessEnvironment.value("HOME"))
    }

    /// ``resolvePath(_:)`` with `home` standing for `$HOME`.
    public func resolvePath(_ path: String, home: String?) -> URL {
        let expanded =
            if let home = EnvironmentPath.absolute(home), path == "~" || path.hasPrefix("~/") {
                home + path.dropFirst()
            } else {
                NSString(string: path).expandingTildeInPath  // ~user/…
            }
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return baseDirectory.appendingPathComponent(expanded).standardizedFileURL
    }
}
