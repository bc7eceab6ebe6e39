import Foundation

/// Finds the configuration file: `--config`, `$VIEWFINDER_CONFIG`, `./config.yaml`,
/// then `$XDG_CONFIG_HOME/viewfinder/config.yaml` (default `~/.config/viewfinder/config.yaml`).
package enum ConfigurationLocator {
    /// Where the file was found, or every place that was tried.
    package enum Outcome: Sendable, Equatable {
        /// The file to load.
        case found(URL)
        /// A path the user named explicitly does not exist.
        case missing(path: String, namedBy: String)
        /// No candidate existed.
        case notFound(searched: [String])
    }

    /// Looks for the configuration file.
    package static func locate(
        explicitPath: String?,
        environment: [String: String],
        currentDirectory: URL,
        fileExists: (String) -> Bool = exists
    ) -> Outcome {
        func absolute(_ path: String) -> URL {
            let expanded = path.hasPrefix("~") ? NSString(string: path).expandingTildeInPath : path
            return expanded.hasPrefix("/")
                ? URL(fileURLWithPath: expanded) : currentDirectory.appendingPathComponent(expanded)
        }
        if let explicitPath {
            let url = absolute(explicitPath)
            return fileExists(url.path) ? .found(url) : .missing(path: explicitPath, namedBy: "--config")
        }
        if let fromEnvironment = environment["VIEWFINDER_CONFIG"], !fromEnvironment.isEmpty {
            let url = absolute(fromEnvironment)
            return fileExists(url.path) ? .found(url) : .missing(path: fromEnvironment, namedBy: "VIEWFINDER_CONFIG")
        }
        let configHome = UserFolders.base("XDG_CONFIG_HOME", orInHome: ".config", environment: environment)
        let candidates = [
            currentDirectory.appendingPathComponent("config.yaml"),
            configHome.appendingPathComponent("viewfinder/config.yaml"),
        ]
        if let found = candidates.first(where: { fileExists($0.path) }) { return .found(found) }
        return .notFound(searched: candidates.map(\.path))
    }

    /// Whether anything is at `path`, links followed, as `FileManager.fileExists(atPath:)` says
    /// (without building `FileManager.default` on the way to a search).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
