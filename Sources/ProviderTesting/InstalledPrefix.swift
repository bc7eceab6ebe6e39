import Foundation
import ProviderKit

/// A temporary `PREFIX` with an empty `bin/`, for tests of where an installed binary at
/// `PREFIX/bin/viewfinder` looks for its resources (`PREFIX/share/viewfinder`).
public struct InstalledPrefix {
    /// The prefix folder.
    public let url: URL

    /// Makes the folder and its `bin/`.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }

    /// `PREFIX/share/viewfinder`, made.
    public func share() throws -> URL {
        let share = url.appendingPathComponent("share/viewfinder")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        return share
    }

    /// The folders an executable at `PREFIX/bin/viewfinder` searches for `bundle`'s resources.
    public func folders(bundle: String, installedSubfolder: String?) -> [URL] {
        ResourceFolders.searched(
            bundle: bundle, installedSubfolder: installedSubfolder, mainBundle: url.appendingPathComponent("bin"),
            executable: url.appendingPathComponent("bin/viewfinder"))
    }

    /// Removes the folder.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
