import Foundation
import ProviderKit
import ServiceBus
import Testing

@testable import Downloads

/// An archive that cannot be made for a reason of the disk's, not of the archive's: the advice
/// fits the reason, and nothing is left behind (issue 36). These mount a small tmpfs, which needs
/// root (`mount`): they are skipped when not run as root.
@Suite("Archive on a full or read-only disk", .serialized, .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
struct ArchiveTroubleTests {
    /// A 64 KiB tmpfs mounted on a new folder; `readOnly` remounts it so once made.
    struct SmallDisk {
        let mount: URL

        static func make(readOnly: Bool = false) async throws -> SmallDisk {
            let mount = FileManager.default.temporaryDirectory.appendingPathComponent("vf-small-disk-\(UUID())")
            try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
            let mounted = try await runProgram(
                "/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.path])
            try #require(mounted.status == 0, "mount failed")
            if readOnly {
                let remounted = try await runProgram("/usr/bin/mount", ["-o", "remount,ro", mount.path])
                try #require(remounted.status == 0, "remount failed")
            }
            return SmallDisk(mount: mount)
        }

        /// Fills the disk to its last byte.
        func fill() {
            let descriptor = open(mount.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            defer { close(descriptor) }
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            let byte: [UInt8] = [0]
            while byte.withUnsafeBytes({ write(descriptor, $0.baseAddress, 1) }) > 0 {}
        }

        /// Runs `body` with a new disk, unmounted and removed afterwards whatever happens.
        static func with(readOnly: Bool = false, _ body: (SmallDisk) async throws -> Void) async throws {
            let disk = try await make(readOnly: readOnly)
            do {
                try await body(disk)
            } catch {
                await disk.remove()
                throw error
            }
            await disk.remove()
        }

        func remove() async {
            _ = try? await runProgram("/usr/bin/umount", [mount.path])
            try? FileManager.default.removeItem(at: mount)
        }
    }

    @Test("a full disk: the advice is to free space, not to move the archive away, and no empty archive is left")
    func fullDisk() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        try await SmallDisk.with { disk in
            let folder = disk.mount.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            disk.fill()
            do {
                _ = try await fixture.downloader(DownloadOptions(directory: folder)).run([
                    fixture.photo("a", url: fixture.url("/img/a"))
                ])
                Issue.record("the run did not fail")
            } catch let failure as DownloadFailure {
                #expect(failure.message.contains("is full: free some space on it"), "\(failure.message)")
                #expect(!failure.message.contains("--no-archive"), "\(failure.message)")
            }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            #expect(!left.contains { $0.hasPrefix(DownloadArchive.fileName) }, "left: \(left)")
            // Nor an empty folder for the photo's provider, made as its transfer started.
            let emptyFolders = left.filter { name in
                let path = folder.appendingPathComponent(name).path
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                    && ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty
            }
            #expect(emptyFolders.isEmpty, "left: \(left)")
        }
    }

    @Test("folders a failed run made and left empty are removed, deepest first; one holding a file stays")
    func emptyFoldersMadeAreRemoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vf-made-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let target = TargetFolder(root: root, sync: false)
        _ = try target.makeFolder(for: FileNameTemplate.Name(folders: ["px", "2024"], stem: "a"))
        let kept = try target.makeFolder(for: FileNameTemplate.Name(folders: ["kept"], stem: "b"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: kept + "/b.jpg"))
        target.removeEmptyFoldersMade()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["kept"])
    }

    @Test("a read-only disk: the check before the search and the archive both say so, with what to do")
    func readOnlyDisk() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        try await SmallDisk.with(readOnly: true) { disk in
            let problem = DownloadTarget.problem(with: disk.mount)
            #expect(
                problem?.contains("may not write in \(disk.mount.path) (Read-only file system)") == true,
                "\(problem ?? "")"
            )
            let below = DownloadTarget.problem(with: disk.mount.appendingPathComponent("a/b"))
            #expect(below?.contains("cannot create the folder") == true, "\(below ?? "")")
            do {
                _ = try await fixture.downloader(DownloadOptions(directory: disk.mount)).run([
                    fixture.photo("a", url: fixture.url("/img/a"))
                ])
                Issue.record("the run did not fail")
            } catch let failure as DownloadFailure {
                #expect(failure.message.contains("may not write in"), "\(failure.message)")
                #expect(failure.message.contains("another folder"), "\(failure.message)")
                #expect(!failure.message.contains("--no-archive"), "\(failure.message)")
            }
        }
    }
}

/// The target folder checked before a search spends any quota (issue 36).
@Suite("Download target check")
struct DownloadTargetTests {
    @Test("a file where the folder goes, or above it, is named; a new folder below a folder passes")
    func fileInTheWay() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vf-target-\(UUID())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("notes.txt")
        try Data("x".utf8).write(to: file)
        #expect(DownloadTarget.problem(with: file)?.contains("is a file, not a folder") == true)
        let below = DownloadTarget.problem(with: file.appendingPathComponent("out/more"))
        #expect(below?.contains("cannot create the folder") == true && below?.contains("notes.txt is a file") == true)
        #expect(DownloadTarget.problem(with: base.appendingPathComponent("new/deeper")) == nil)
        #expect(DownloadTarget.problem(with: base) == nil)
        #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("new/deeper").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("new/deeper").path) == [])
    }

    @Test("virtual file systems are found out by trying: a folder under /proc cannot be made, /sys takes no file")
    func virtualFileSystems() {
        let proc = DownloadTarget.problem(with: URL(fileURLWithPath: "/proc/viewfinder-\(UUID().uuidString)"))
        #expect(proc?.hasPrefix("cannot create the folder /proc/") == true, "\(proc ?? "")")
        #expect(DownloadTarget.problem(with: URL(fileURLWithPath: "/sys/kernel")) != nil)
    }
}
