import Foundation

/// Where a module's shipped files (the page's template, the place names) may be, for a binary
/// run from the build folder or from an installed layout, and nowhere else: no path of the
/// machine that built it (whoever could write there would choose what the binary reads).
package enum ResourceFolders {
    /// The installed layout's folder of Viewfinder's files, relative to the folder of the
    /// executable: `PREFIX/bin/viewfinder` reads `PREFIX/share/viewfinder`.
    package static let installedRelativePath = "../share/viewfinder"

    /// The folders to try, in order: `BUNDLE.resources/Resources` in the main bundle's folder and
    /// beside the executable (where `swift build` puts it), then `share/viewfinder/SUBFOLDER`
    /// beside the executable's `bin` (where `make install` puts it; `SUBFOLDER` nil or empty is
    /// `share/viewfinder` itself). The executable is found with symbolic links resolved, so a
    /// link to it in another `bin` still finds its files.
    package static func searched(bundle: String, installedSubfolder: String?) -> [URL] {
        guard let executable = runningExecutable else {
            let executable = (Bundle.main.executableURL ?? Bundle.main.bundleURL).resolvingSymlinksInPath()
            return searched(
                bundle: bundle, installedSubfolder: installedSubfolder, mainBundle: Bundle.main.bundleURL,
                executable: executable)
        }
        // On Linux the main bundle of a program outside any bundle is its executable's folder.
        return searched(
            bundle: bundle, installedSubfolder: installedSubfolder, mainBundle: executable.deletingLastPathComponent(),
            executable: executable)
    }

    /// The running executable as the kernel names it (`/proc/self/exe`: its real path, links
    /// resolved), or nil without `/proc`. Not `Bundle.main`: making it lists the executable's
    /// folder twice, and an installed binary's folder is `/usr/bin`, thousands of names.
    private static let runningExecutable: URL? = {
        var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
        }
        guard count > 0, count < bytes.count, bytes[0] == UInt8(ascii: "/") else { return nil }
        // A deleted executable's name ends " (deleted)": that path is no longer its folder's.
        let path = String(decoding: bytes.prefix(count), as: UTF8.self)
        guard !path.hasSuffix(" (deleted)") else { return nil }
        return URL(fileURLWithPath: path)
    }()

    /// ``searched(bundle:installedSubfolder:)`` for a given main bundle folder and executable.
    package static func searched(bundle: String, installedSubfolder: String?, mainBundle: URL, executable: URL)
        -> [URL]
    {
        let binary = executable.deletingLastPathComponent()
        var installed = binary.appendingPathComponent(installedRelativePath)
        if let installedSubfolder, !installedSubfolder.isEmpty {
            installed = installed.appendingPathComponent(installedSubfolder)
        }
        let folders = [
            mainBundle.appendingPathComponent("\(bundle).resources/Resources"),
            binary.appendingPathComponent("\(bundle).resources/Resources"),
            installed,
        ]
        // Each standardized once: resolving `..` looks up every folder on the path.
        return folders.map(\.standardizedFileURL).reduce(into: []) { kept, folder in
            if !kept.contains(folder) { kept.append(folder) }
        }
    }

    /// What to tell a user whose files, shipped in `BUNDLE.resources`, are in none of the folders.
    package static func advice(bundle: String) -> String {
        "reinstall Viewfinder (make install puts its files in PREFIX/share/viewfinder, beside PREFIX/bin), "
            + "or keep the \(bundle).resources folder beside the viewfinder binary (swift build puts it there)"
    }
}
