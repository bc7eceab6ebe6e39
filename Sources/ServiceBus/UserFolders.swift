import Foundation
import ProviderKit

/// The folders Viewfinder keeps things in for the user, from the environment as the XDG base
/// directory specification reads it: a variable is used only when it holds an absolute path (a
/// relative one would put files in whatever folder a command runs from).
package enum UserFolders {
    /// `$variable` when it is absolute (and not mangled: ``EnvironmentPath``), else `relative` below the home folder: the
    /// configuration (`XDG_CONFIG_HOME`, `.config`), the cache (`XDG_CACHE_HOME`, `.cache`),
    /// recent searches (`XDG_DATA_HOME`, `.local/share`).
    package static func base(_ variable: String, orInHome relative: String, environment: [String: String]) -> URL {
        absolute(variable, environment) ?? home(environment).appendingPathComponent(relative, isDirectory: true)
    }

    /// `$HOME` when it is absolute, else the account's home folder (Foundation's
    /// `homeDirectoryForCurrentUser` ignores `$HOME`).
    package static func home(_ environment: [String: String]) -> URL {
        absolute("HOME", environment) ?? FileManager.default.homeDirectoryForCurrentUser
    }

    private static func absolute(_ variable: String, _ environment: [String: String]) -> URL? {
        EnvironmentPath.absolute(environment[variable]).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }
}
