import Foundation
import ProviderKit
import ServiceBus

#if canImport(Glibc)
    import Glibc
#endif

/// The recent searches, newest first, with their result counts: one list for every view and
/// every process (`serve` today, the terminal screen too), in `recent-searches.json` in the
/// data folder, readable by the user only (0600 in a 0700 folder).
///
/// Every change is made under an exclusive `flock` on `recent-searches.lock` beside it: the
/// list is read from the file, changed, and written back (a temporary file renamed over the
/// old one) before the lock is let go. So two processes never lose each other's searches, an
/// older list is never written last, and a crash leaves the old file or the new one. A clear
/// remembers when it happened, and a search that started before it is not recorded when it
/// finishes: a DELETE racing a finishing search stays deleted. A damaged file counts as no
/// history. The file work runs on ``BlockingExecutor``, never on Swift's pool.
package struct RecentSearches: Sendable {
    /// One search.
    package struct Entry: Codable, Sendable, Equatable {
        package let query: String
        package let count: Int

        package init(query: String, count: Int) {
            self.query = query
            self.count = count
        }
    }

    /// What the file holds: the searches, and when they were last cleared.
    private struct Stored: Codable {
        var searches: [Entry] = []
        /// Seconds since 1970 of the last clear; searches started before it are not recorded.
        var clearedAt: Double?

        enum CodingKeys: String, CodingKey {
            case searches
            case clearedAt = "cleared_at"
        }
    }

    /// The most searches kept.
    package static let capacity = 20
    /// A file larger than this is not a history this program wrote.
    static let maximumFileSize = 1 << 20

    private let file: String
    private let lock: String

    /// The history in `folder` (created when first written).
    package init(folder: URL) {
        file = folder.appendingPathComponent("recent-searches.json").path
        lock = folder.appendingPathComponent("recent-searches.lock").path
    }

    /// `$XDG_DATA_HOME/viewfinder`, else `$HOME/.local/share/viewfinder` (``UserFolders``).
    package static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.base("XDG_DATA_HOME", orInHome: ".local/share", environment: environment)
            .appendingPathComponent("viewfinder")
    }

    /// The searches, newest first.
    package func list() async -> [Entry] {
        let file = file
        return (try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in Self.read(file).searches })
            ?? []
    }

    /// Puts `query` first (once), with its count, unless the list was cleared after `startedAt`
    /// (the search began before the clear).
    package func record(_ query: String, count: Int, startedAt: Date = Date()) async {
        await change { stored in
            if let cleared = stored.clearedAt, startedAt.timeIntervalSince1970 < cleared { return }
            stored.searches.removeAll { $0.query == query }
            stored.searches.insert(Entry(query: query, count: max(0, count)), at: 0)
            stored.searches = Array(stored.searches.prefix(Self.capacity))
        }
    }

    /// Forgets every search, and any search still running now.
    package func clear() async {
        let now = Date().timeIntervalSince1970
        await change { stored in
            stored.searches = []
            stored.clearedAt = max(now, stored.clearedAt ?? now)
        }
    }

    /// Reads, changes and writes the file under the lock, off Swift's pool.
    private func change(_ body: @escaping @Sendable (inout Stored) -> Void) async {
        let (file, lock) = (file, lock)
        _ = try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            let folder = (file as NSString).deletingLastPathComponent
            guard PrivateFile.makeFolder(folder) == nil else { return }
            let descriptor = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }  // closing lets go of the lock
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { return }
            }
            var stored = Self.read(file)
            body(&stored)
            guard let data = try? JSONEncoder().encode(stored) else { return }
            _ = PrivateFile.write(data, to: file)
        }
    }

    /// The file's contents; an earlier version's plain list is read too, and anything damaged,
    /// foreign or too large is an empty history.
    private static func read(_ file: String) -> Stored {
        guard let data = try? SmallFile.read(file, limit: maximumFileSize).get() else { return Stored() }
        var stored =
            (try? JSONDecoder().decode(Stored.self, from: data))
            ?? Stored(searches: (try? JSONDecoder().decode([Entry].self, from: data)) ?? [])
        stored.searches = Array(stored.searches.filter { !$0.query.isEmpty && $0.count >= 0 }.prefix(capacity))
        return stored
    }
}
