import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Folders and photos Viewfinder may not open. Permissions do not bind root, and CI runs as
/// root, so then the command runs as `nobody` (through util-linux's `setpriv`) from a copy of
/// the binary that user can reach.
@Suite("viewfinder command line: permission denied", .serialized)
struct PermissionCommandLineTests {
    static let config = """
        providers:
          photos:
            type: local-folder
            path: photos
        """

    /// A workspace with one readable photo and one behind a locked folder.
    func workspace() throws -> Workspace {
        let workspace = try Workspace(config: Self.config)
        try workspace.addSample("harbor-crane-fog.jpg", as: "open/harbor-crane-fog.jpg")
        try workspace.addSample("harbor-lighthouse-dusk.jpg", as: "locked/harbor-lighthouse-dusk.jpg")
        let cache = workspace.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try setPermissions(0o777, cache)  // writable by the unprivileged user
        return workspace
    }

    /// Runs `viewfinder` as a user permissions apply to: this one, or `nobody` when this is root.
    func runUnprivileged(_ workspace: Workspace, _ arguments: [String]) async throws -> ViewfinderProcess.Output {
        let environment = ["XDG_CACHE_HOME": workspace.url.appendingPathComponent("cache").path]
        guard getuid() == 0 else { return try await workspace.run(arguments, environment: environment) }
        let copy = workspace.url.appendingPathComponent("viewfinder")
        if !FileManager.default.fileExists(atPath: copy.path) {
            // Copied by a child process: a file this process held open for writing could be
            // inherited by a concurrent test's fork, and then running it fails with ETXTBSY.
            let cp = try Process.run(
                URL(fileURLWithPath: "/bin/cp"), arguments: [ViewfinderProcess.binary.path, copy.path])
            cp.waitUntilExit()
            try #require(cp.terminationStatus == 0)
        }
        return try await ViewfinderProcess.run(
            arguments, in: workspace.url, environment: environment,
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy.path])
    }

    func setPermissions(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    func ids(_ output: ViewfinderProcess.Output) throws -> [String] {
        try #require(try output.json()["results"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    @Test("a folder that cannot be opened is skipped and counted; the rest is searched")
    func lockedFolder() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let locked = workspace.url.appendingPathComponent("photos/locked")
        try setPermissions(0, locked)
        defer { try? setPermissions(0o755, locked) }
        let output = try await runUnprivileged(workspace, ["search", "harbor", "--format", "json", "--verbose"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try ids(output) == ["open/harbor-crane-fog.jpg"])
        #expect(output.stderr.contains("1 image; skipped 1 unreadable folder"), "\(output.stderr)")
    }

    @Test("a photo that cannot be opened is skipped, counted, and tried again next time")
    func lockedPhoto() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let photo = workspace.url.appendingPathComponent("photos/locked/harbor-lighthouse-dusk.jpg")
        try setPermissions(0, photo)
        let output = try await runUnprivileged(workspace, ["search", "harbor", "--format", "json", "--verbose"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try ids(output) == ["open/harbor-crane-fog.jpg"])
        #expect(output.stderr.contains("skipped 1 unreadable file"), "\(output.stderr)")

        try setPermissions(0o644, photo)
        let again = try await runUnprivileged(workspace, ["search", "harbor", "--format", "json", "--verbose"])
        #expect(Set(try ids(again)) == ["open/harbor-crane-fog.jpg", "locked/harbor-lighthouse-dusk.jpg"])
        #expect(again.stderr.contains("1 read, 1 from the index"), "\(again.stderr)")
    }

    @Test("a configured folder that cannot be opened fails its provider with the reason: exit 1")
    func lockedRoot() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let photos = workspace.url.appendingPathComponent("photos")
        defer { try? setPermissions(0o755, photos) }
        // Neither listed nor entered; listed but not entered (no x: every photo would be
        // unreadable, and the search would say "0 photos, ok").
        for mode in [0, 0o644] {
            try setPermissions(mode, photos)
            let output = try await runUnprivileged(workspace, ["search", "harbor", "--format", "json"])
            #expect(output.status == 1)
            let providers = try #require(try output.json()["providers"] as? [[String: Any]])
            #expect(providers.map { $0["status"] as? String } == ["failed"])
            let error = providers[0]["error"] as? String
            #expect(error?.contains("cannot be read (Permission denied)") == true, "\(mode): \(error ?? "")")
        }
    }
}
