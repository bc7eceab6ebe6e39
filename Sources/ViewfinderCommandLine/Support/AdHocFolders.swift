import Foundation
import ProviderKit
import ServiceBus
import TerminalView

/// `--folder PATH`: a folder searched without editing the configuration, as a `local-folder`
/// instance beside the configured ones (with its own index like any other), named after the
/// folder and unlike every other instance's name.
enum AdHocFolders {
    /// The absolute folders `paths` name, relative ones against the current folder; a path that is
    /// not a folder is a usage error naming it. Blocking: call it off Swift's pool.
    static func resolve(_ paths: [String]) throws(CommandFailure) -> [URL] {
        var folders: [URL] = []
        for path in paths {
            let expanded = NSString(string: path).expandingTildeInPath
            let url =
                expanded.hasPrefix("/")
                ? URL(fileURLWithPath: expanded, isDirectory: true)
                : Setup.currentDirectory.appendingPathComponent(expanded, isDirectory: true)
            let shown = TerminalText.sanitized(path)
            var status = stat()
            guard stat(url.path, &status) == 0 else {
                let reason = errno
                let problem =
                    reason == ENOENT
                    ? "no such folder"
                    : "cannot be reached (\(String(cString: strerror(reason)))); check the path and its permissions"
                throw CommandFailure(message: "--folder \(shown): \(problem)", exitCode: ExitCodes.usage)
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                let kind = FileKind.name(of: status.st_mode) ?? "a file"
                throw CommandFailure(
                    message: "--folder \(shown): is \(kind), not a folder; name a folder of photos",
                    exitCode: ExitCodes.usage)
            }
            folders.append(url.standardizedFileURL)
        }
        return folders
    }

    /// `configuration` with an instance for each of `folders` added after its own.
    static func adding(_ folders: [URL], to configuration: Configuration) throws -> Configuration {
        guard !folders.isEmpty else { return configuration }
        var taken = Set(configuration.instances.map(\.name))
        var entries: [String] = []
        for folder in folders {
            let name = uniqueName(for: folder, taken: taken)
            taken.insert(name)
            entries.append(
                "  \(name):\n    type: local-folder\n    path: \(StarterConfiguration.quoted(folder.path))\n")
        }
        let loader = ConfigurationLoader(registry: ProviderFactories.registry, places: Setup.places)
        var result = configuration
        do {
            let added = try loader.load(
                yaml: "providers:\n" + entries.joinedText(), file: "--folder", baseDirectory: Setup.currentDirectory)
            result.instances += added.instances
        } catch {
            throw CommandFailure(message: "--folder: \(error.description)", exitCode: ExitCodes.usage)
        }
        return result
    }

    /// The folder's own name made a valid instance name (letters, digits, `-`, `_`), with `-2`,
    /// `-3`… when that is taken.
    static func uniqueName(for folder: URL, taken: Set<String>) -> String {
        let word = String(
            folder.lastPathComponent.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "-" }
        )
        .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let base = word.isEmpty ? "folder" : word
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }
}
