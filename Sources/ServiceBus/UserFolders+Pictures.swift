import Foundation
import ProviderKit

extension UserFolders {
    /// The user's pictures folder when it exists: `XDG_PICTURES_DIR` from
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (as xdg-user-dirs writes it,
    /// `XDG_PICTURES_DIR="$HOME/Pictures"`), else `~/Pictures`; `nil` when that folder is not
    /// there, or when the file names the home folder itself (how xdg-user-dirs disables one).
    package static func pictures(
        environment: [String: String],
        isFolder: (String) -> Bool = { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    ) -> URL? {
        let homeFolder = home(environment)
        let list = base("XDG_CONFIG_HOME", orInHome: ".config", environment: environment)
            .appendingPathComponent("user-dirs.dirs")
        // A few hundred bytes; anything far larger, or not a regular file, is not a list of folders.
        let text = try? SmallFile.read(list.path, limit: 65_536).map { String(decoding: $0, as: UTF8.self) }.get()
        let folder: URL?
        if let text, text.contains("XDG_PICTURES_DIR=") {
            folder = Self.folder(named: "XDG_PICTURES_DIR", in: text, home: homeFolder)
        } else {
            folder = homeFolder.appendingPathComponent("Pictures", isDirectory: true)
        }
        guard let folder, isFolder(folder.path) else { return nil }
        return folder
    }

    /// The folder `variable` names in the text of a `user-dirs.dirs` file: a line
    /// `VARIABLE="$HOME/…"` or `VARIABLE="/…"`; `nil` when absent, relative, or the home folder.
    package static func folder(named variable: String, in text: String, home: URL) -> URL? {
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), line.hasPrefix(variable + "=") else { continue }
            var value = Substring(line.dropFirst(variable.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            let unescaped = value.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(
                of: "\\\\", with: "\\")
            let path: String
            if unescaped == "$HOME" || unescaped == "$HOME/" {
                return nil
            } else if unescaped.hasPrefix("$HOME/") {
                path = home.path + "/" + unescaped.dropFirst("$HOME/".count)
            } else if unescaped.hasPrefix("/") {
                path = unescaped
            } else {
                return nil
            }
            let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
            return url.path == home.standardizedFileURL.path ? nil : url
        }
        return nil
    }
}
