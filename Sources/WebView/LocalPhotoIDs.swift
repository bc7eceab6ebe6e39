import Foundation
import ProviderKit
import Synchronization

/// The opaque ids the server hands out for local photos it has shown: `/local/<id>` serves a
/// file only when its id was issued here, so no path ever comes from the address bar. Paths are
/// kept as the file system's bytes, so a photo whose name is not UTF-8 is served too.
package final class LocalPhotoIDs: Sendable {
    private struct Table {
        var pathsByID: [String: FileSystemPath] = [:]
        var idsByPath: [FileSystemPath: String] = [:]
    }

    private let table = Mutex(Table())
    /// The most ids kept; past it, the table starts over (older pages' local images go blank).
    static let capacity = 100_000

    package init() {}

    /// The id for `path`, issued now or before.
    package func id(for path: FileSystemPath) -> String {
        table.withLock { table in
            if let id = table.idsByPath[path] { return id }
            if table.pathsByID.count >= Self.capacity { table = Table() }
            let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            table.idsByPath[path] = id
            table.pathsByID[id] = path
            return id
        }
    }

    /// The path an issued id stands for; `nil` for anything else.
    package func path(for id: String) -> FileSystemPath? {
        table.withLock { $0.pathsByID[id] }
    }
}
