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

    @Test("with the archive lost too, a cut file under the name is completed; a different file is kept")
    func withoutArchive() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = (0..<2).map { fixture.photo("a\($0)", url: fixture.url("/img/a\($0)")) }
        _ = try await fixture.downloader(fixture.options()).run(photos)
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(DownloadArchive.fileName))
        let whole = try Data(contentsOf: DownloadFixture.jpeg)
        let cutFile = fixture.folder.appendingPathComponent("web/a0-Photo a0.jpg")
        try cut(cutFile, to: 4096)
        let otherFile = fixture.folder.appendingPathComponent("web/a1-Photo a1.jpg")
        var other = whole.prefix(4096)
        other[100] ^= 0xFF  // not a beginning of the photo: someone else's file
        try other.write(to: otherFile)

        let again = try await fixture.downloader(fixture.options()).run(photos)

        #expect(again[0].result == .downloaded(file: "web/a0-Photo a0.jpg", bytes: Int64(whole.count)))
        #expect(try Data(contentsOf: cutFile) == whole)
        #expect(again[1].result == .downloaded(file: "web/a1-Photo a1-2.jpg", bytes: Int64(whole.count)))
        #expect(try Data(contentsOf: otherFile) == other)
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
