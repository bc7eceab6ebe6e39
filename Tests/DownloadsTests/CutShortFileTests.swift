import Downloads
import Foundation
import ProviderKit
import ServiceBus
import Testing

/// Files are not synced unless asked (`download.sync`), so a power cut can leave a named file
/// empty or short. These tests leave files as a power cut would (cut, with the time of their
/// writing) and check that the next run completes them in place, and touches nothing else.
@Suite("Files a power cut left short are completed by the next run")
struct CutShortFileTests {
    /// Cuts `file` to `length` bytes and dates it an hour back, as a power cut leaves a file
    /// whose last writes never reached the disk.
    private func cut(_ file: URL, to length: Int, modifiedAgo: TimeInterval = 3600) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(length))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -modifiedAgo)], ofItemAtPath: file.path)
    }

    @Test("an emptied and a half-written file are fetched again and completed under their own names")
    func completesCutFiles() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = (0..<3).map { fixture.photo("c\($0)", url: fixture.url("/img/c\($0)")) }
        _ = try await fixture.downloader(fixture.options()).run(photos)
        let whole = try Data(contentsOf: DownloadFixture.jpeg)
        let emptied = fixture.folder.appendingPathComponent("web/c0-Photo c0.jpg")
        let halved = fixture.folder.appendingPathComponent("web/c1-Photo c1.jpg")
        try cut(emptied, to: 0)
        try cut(halved, to: whole.count / 2)
        let before = try await fixture.stats().requests.count

        let again = try await fixture.downloader(fixture.options()).run(photos)

        #expect(again[0].result == .downloaded(file: "web/c0-Photo c0.jpg", bytes: Int64(whole.count)))
        #expect(again[1].result == .downloaded(file: "web/c1-Photo c1.jpg", bytes: Int64(whole.count)))
        #expect(again[2].result == .alreadyHad(file: "web/c2-Photo c2.jpg"))
        #expect(try Data(contentsOf: emptied) == whole)
        #expect(try Data(contentsOf: halved) == whole)
        let requests = try await fixture.stats().requests.dropFirst(before).map(\.path)
        #expect(requests.sorted() == ["/img/c0", "/img/c1"])
        // Completed in place: no numbered copies, no temporary files left.
        #expect(fixture.files().filter { $0.hasSuffix(".jpg") }.count == 3)
        #expect(!fixture.files().contains { $0.contains(".viewfinder-part") })

        // Their archive entries have the whole length again: a third run fetches nothing.
        let third = try await fixture.downloader(fixture.options()).run(photos)
        #expect(third.allSatisfy { if case .alreadyHad = $0.result { true } else { false } })
        #expect(try await fixture.stats().requests.count == before + 2)
    }

    @Test("a file changed after its download is the owner's: not fetched again, not replaced")
    func leavesEditedFiles() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = [fixture.photo("e0", url: fixture.url("/img/e0"))]
        _ = try await fixture.downloader(fixture.options()).run(photos)
        let file = fixture.folder.appendingPathComponent("web/e0-Photo e0.jpg")
        try cut(file, to: 1000, modifiedAgo: -60)  // shorter, but changed after it was recorded
        let edited = try Data(contentsOf: file)
        let before = try await fixture.stats().requests.count

        let again = try await fixture.downloader(fixture.options()).run(photos)

        #expect(again[0].result == .alreadyHad(file: "web/e0-Photo e0.jpg"))
        #expect(try await fixture.stats().requests.count == before)
        #expect(try Data(contentsOf: file) == edited)
    }

    @Test("with the archive lost, nothing is replaced: the cut file keeps its name, the photo gets the next")
    func withoutArchive() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = [fixture.photo("a0", url: fixture.url("/img/a0"))]
        _ = try await fixture.downloader(fixture.options()).run(photos)
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(DownloadArchive.fileName))
        let cutFile = fixture.folder.appendingPathComponent("web/a0-Photo a0.jpg")
        try cut(cutFile, to: 4096)
        let cutBytes = try Data(contentsOf: cutFile)

        let again = try await fixture.downloader(fixture.options()).run(photos)

        let whole = try Data(contentsOf: DownloadFixture.jpeg)
        #expect(again[0].result == .downloaded(file: "web/a0-Photo a0-2.jpg", bytes: Int64(whole.count)))
        #expect(try Data(contentsOf: cutFile) == cutBytes)
    }

    @Test("another photo meeting a cut file under its name never replaces it; the cut photo's own run completes it")
    func onlyTheSamePhotoCompletes() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let options = DownloadOptions(
            directory: fixture.folder, settings: DownloadSettings(filename: "{provider}/same.{ext}"))
        let first = fixture.photo("q", url: fixture.url("/img/q"))
        _ = try await fixture.downloader(options).run([first])
        let file = fixture.folder.appendingPathComponent("web/same.jpg")
        let sidecar = fixture.folder.appendingPathComponent("web/same.jpg.xmp")
        try cut(file, to: 0)  // an empty file is a beginning of every photo
        let firstSidecar = try Data(contentsOf: sidecar)

        let other = try await fixture.downloader(options).run([fixture.photo("p", url: fixture.url("/img/p"))])
        let whole = try Data(contentsOf: DownloadFixture.jpeg)
        #expect(other[0].result == .downloaded(file: "web/same-2.jpg", bytes: Int64(whole.count)))
        #expect(try Data(contentsOf: file).isEmpty)
        #expect(try Data(contentsOf: sidecar) == firstSidecar)

        let own = try await fixture.downloader(options).run([first])
        #expect(own[0].result == .downloaded(file: "web/same.jpg", bytes: Int64(whole.count)))
        #expect(try Data(contentsOf: file) == whole)
    }

    @Test("a file under the name that the archive does not list is kept, though empty and still open for writing")
    func keepsFilesNotInTheArchive() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let file = fixture.folder.appendingPathComponent("web/b0-Photo b0.jpg")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let writer = try FileHandle(forWritingTo: file)  // another program, saving into it
        defer { try? writer.close() }

        let outcomes = try await fixture.downloader(fixture.options()).run([
            fixture.photo("b0", url: fixture.url("/img/b0"))
        ])
        try writer.write(contentsOf: Data("the other program's bytes".utf8))
        try writer.synchronize()

        #expect(
            outcomes[0].result
                == .downloaded(
                    file: "web/b0-Photo b0-2.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        #expect(try Data(contentsOf: file) == Data("the other program's bytes".utf8))
    }

    @Test("`download.sync` and `--sync` turn syncing on; files and archive are the same either way")
    func syncSetting() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var options = fixture.options()
        options.settings.sync = true
        let photos = [fixture.photo("s0", url: fixture.url("/img/s0"))]
        let outcomes = try await fixture.downloader(options).run(photos)
        #expect(
            outcomes[0].result
                == .downloaded(
                    file: "web/s0-Photo s0.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        #expect(
            try Data(contentsOf: fixture.folder.appendingPathComponent("web/s0-Photo s0.jpg"))
                == Data(contentsOf: DownloadFixture.jpeg))
    }
}
