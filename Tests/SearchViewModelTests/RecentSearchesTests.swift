import Foundation
import SearchViewModel
import Testing

/// The recent searches every view and process shares.
@Suite("Recent searches") struct RecentSearchesTests {
    @Test func keepsNewestFirstAcrossRestarts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = RecentSearches(folder: folder)
        await first.record("harbor", count: 12)
        await first.record("fog", count: 3)
        await first.record("harbor", count: 14)
        let again = RecentSearches(folder: folder)
        #expect(await again.list() == [.init(query: "harbor", count: 14), .init(query: "fog", count: 3)])
        await again.clear()
        #expect(await RecentSearches(folder: folder).list().isEmpty)
    }

    @Test func aDamagedFileIsNoHistory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("recent-searches.json"))
        let recent = RecentSearches(folder: folder)
        #expect(await recent.list().isEmpty)
        await recent.record("fog", count: 1)
        #expect(await RecentSearches(folder: folder).list() == [.init(query: "fog", count: 1)])
    }

    @Test("a FIFO in the history's place is no history, never waited on, and is replaced by the next record")
    func aFIFOIsNoHistory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("recent-searches.json").path, 0o600) == 0)
        let recent = RecentSearches(folder: folder)
        #expect(await recent.list().isEmpty)
        await recent.record("fog", count: 1)
        #expect(await RecentSearches(folder: folder).list() == [.init(query: "fog", count: 1)])
    }

    @Test("recent-searches.json is 0600 in a 0700 folder, and a folder an earlier version made 0755 is narrowed")
    func recentSearchesAreTheUsersOnly() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        func mode(_ url: URL) -> mode_t {
            var info = stat()
            return stat(url.path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        let fresh = base.appendingPathComponent("new/viewfinder")
        await RecentSearches(folder: fresh).record("harbor", count: 2)
        #expect(mode(fresh) == 0o700)
        #expect(mode(fresh.appendingPathComponent("recent-searches.json")) == 0o600)
        let old = base.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        #expect(chmod(old.path, 0o755) == 0)
        try Data("[]".utf8).write(to: old.appendingPathComponent("recent-searches.json"))
        #expect(chmod(old.appendingPathComponent("recent-searches.json").path, 0o644) == 0)
        await RecentSearches(folder: old).record("fog", count: 1)
        #expect(mode(old) == 0o700)
        #expect(mode(old.appendingPathComponent("recent-searches.json")) == 0o600)
        #expect(await RecentSearches(folder: old).list() == [.init(query: "fog", count: 1)])
        // No temporary file is left beside it, only the lock processes take turns with.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: old.path).sorted() == [
                "recent-searches.json", "recent-searches.lock",
            ])
    }

    @Test func theDataFolderFollowsXDG() {
        #expect(
            RecentSearches.defaultFolder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).path == "/d/viewfinder")
        #expect(RecentSearches.defaultFolder(environment: ["HOME": "/h"]).path == "/h/.local/share/viewfinder")
    }

    @Test("a search that started before a clear is not recorded when it finishes; one started after is")
    func clearWinsOverASearchStartedBefore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recent = RecentSearches(folder: folder)
        await recent.record("harbor", count: 3)
        let startedBefore = Date()
        try await Task.sleep(for: .milliseconds(20))
        await recent.clear()
        await recent.record("fog", count: 2, startedAt: startedBefore)
        #expect(await RecentSearches(folder: folder).list().isEmpty)
        await recent.record("dusk", count: 1)
        #expect(await RecentSearches(folder: folder).list() == [.init(query: "dusk", count: 1)])
    }

    @Test("writers at once lose nothing: each change is made to what the file holds, under its lock")
    func concurrentWritersLoseNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two stores on one folder, each with its own descriptors, as two processes would have.
        let (one, two) = (RecentSearches(folder: folder), RecentSearches(folder: folder))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask { await one.record("one-\(index)", count: index) }
                group.addTask { await two.record("two-\(index)", count: index) }
            }
        }
        let queries = Set(await RecentSearches(folder: folder).list().map(\.query))
        #expect(queries == Set((0..<10).flatMap { ["one-\($0)", "two-\($0)"] }))
    }

    @Test("the list an earlier version wrote (a plain array) is read")
    func earlierFormat() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"[{"query":"harbor","count":4}]"#.utf8).write(
            to: folder.appendingPathComponent("recent-searches.json"))
        #expect(await RecentSearches(folder: folder).list() == [.init(query: "harbor", count: 4)])
    }
}
