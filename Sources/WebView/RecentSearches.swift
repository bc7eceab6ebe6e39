import Foundation
import LocalFolderProvider
import ProviderKit
import ServiceBus

/// The recent searches of `serve`, newest first, with their result counts, kept in
/// `recent-searches.json` in the data folder across restarts. Written atomically (a crash
/// leaves the old file or the new one), readable by the user only (0600 in a 0700 folder); a
/// damaged file counts as no history.
package actor RecentSearches {
    /// One search.
    package struct Entry: Codable, Sendable, Equatable {
        package let query: String
        package let count: Int
    }

    /// The most searches kept.
    static let capacity = 20
    /// A file larger than this is not a history this program wrote.
    static let maximumFileSize = 1 << 20

    private let file: URL
    private var entries: [Entry]?

    /// The history in `folder` (created when first written).
    package init(folder: URL) {
        file = folder.appendingPathComponent("recent-searches.json")
    }

    /// `$XDG_DATA_HOME/viewfinder`, else `$HOME/.local/share/viewfinder` (``UserFolders``).
    package static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.base("XDG_DATA_HOME", orInHome: ".local/share", environment: environment)
            .appendingPathComponent("viewfinder")
    }

    /// The searches, newest first.
    package func list() async -> [Entry] {
        if let entries { return entries }
        let file = file
        let loaded =
            (try? await BlockingWork.run { _ -> [Entry] in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                    let size = attributes[.size] as? Int, size <= Self.maximumFileSize,
                    let data = try? Data(contentsOf: file)
                else { return [] }
                return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
            }) ?? []
        let kept = Array(loaded.filter { !$0.query.isEmpty && $0.count >= 0 }.prefix(Self.capacity))
        entries = kept
        return kept
    }

    /// Puts `query` first (once), with its count.
    package func record(_ query: String, count: Int) async {
        var list = await list()
        list.removeAll { $0.query == query }
        list.insert(Entry(query: query, count: count), at: 0)
        await save(Array(list.prefix(Self.capacity)))
    }

    /// Forgets every search.
    package func clear() async {
        await save([])
    }

    private func save(_ list: [Entry]) async {
        entries = list
        let file = file
        guard let data = try? JSONEncoder().encode(list) else { return }
        _ = try? await BlockingWork.run { _ in PrivateFile.write(data, to: file.path) }
    }
}
