import Downloads
import Foundation
import ProviderKit
import ServiceBus
import Testing

@Suite("Downloads from hostile hosts and into hostile folders")
struct HostileDownloadTests {
    private func reason(_ outcome: DownloadOutcome?) -> String? {
        guard case .failed(let reason) = outcome?.result else { return nil }
        return reason
    }

    @Test("a server that sends a few bytes and then nothing fails at the stall limit, not the transfer timeout")
    func stalledBodyFailsAtTheStallLimit() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var options = fixture.options()
        options.stallTimeout = .seconds(1)
        options.transferTimeout = .seconds(120)
        let started = ContinuousClock.now
        let outcomes = try await fixture.downloader(options).run([fixture.photo("s", url: fixture.url("/stall/s"))])

        #expect(reason(outcomes.first)?.contains("no data arrived") == true)
        #expect(ContinuousClock.now - started < .seconds(30))  // does not wait for the server
        #expect(fixture.files().filter { !$0.hasPrefix(".viewfinder-archive") && $0 != "CREDITS.md" }.isEmpty)
    }

    @Test("a transfer that runs out its timeout is not tried again")
    func timedOutTransferIsNotRetried() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var options = fixture.options()
        options.transferTimeout = .seconds(1)
        let outcomes = try await fixture.downloader(options).run([fixture.photo("t", url: fixture.url("/stall/t"))])

        #expect(reason(outcomes.first)?.contains("took longer") == true)
        let stats = try await fixture.stats()
        #expect(stats.requests.filter { $0.path == "/stall/t" }.count == 1)
    }

    @Test("redirects to file: URLs and redirect loops fail the photo and write nothing")
    func hostileRedirects() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let outcomes = try await fixture.downloader().run([
            fixture.photo("f", url: fixture.url("/to-file/f")), fixture.photo("l", url: fixture.url("/loop/l")),
        ])

        #expect(outcomes.count == 2)
        #expect(outcomes.allSatisfy { reason($0) != nil })
        #expect(fixture.files().filter { $0.hasPrefix("web/") }.isEmpty)
    }

    @Test("an HTML page sent as image/jpeg is not saved as an image")
    func htmlWithAnImageTypeIsRefused() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let outcomes = try await fixture.downloader().run([fixture.photo("h", url: fixture.url("/lie/h"))])

        #expect(reason(outcomes.first)?.contains("not an image") == true)
        #expect(fixture.files().filter { $0.hasPrefix("web/") }.isEmpty)
    }

    @Test("images are asked for as they are (identity); a gzipped body cut before its trailer is never kept")
    func compressedBodyCutShort() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let outcomes = try await fixture.downloader().run([
            fixture.photo("z", url: fixture.url("/gzip-cut/z")), fixture.photo("j", url: fixture.url("/img/j")),
        ])
        #expect(reason(outcomes.first)?.contains("not an image") == true, "\(String(describing: outcomes.first))")
        #expect(reason(outcomes.last) == nil)
        #expect(fixture.files().filter { $0.hasPrefix("web/") } == ["web/j-Photo j.jpg", "web/j-Photo j.jpg.xmp"])
        let asked = try await fixture.stats().requests.map(\.acceptEncoding)
        #expect(asked == ["identity", "identity"])
    }

    @Test("bodies that start like markup, JSON or text are not images, whatever their type says; SVG is")
    func markupIsNotAnImage() {
        let html = Array("  <!doctype html>".utf8)
        #expect(ImageType.fileExtension(leadingBytes: html, contentType: "image/jpeg", url: nil) == nil)
        #expect(
            ImageType.fileExtension(leadingBytes: Array("{\"error\":1}".utf8), contentType: "image/png", url: nil)
                == nil)
        #expect(
            ImageType.fileExtension(leadingBytes: Array("<svg xmlns=".utf8), contentType: "image/svg+xml", url: nil)
                == "svg")
        #expect(ImageType.fileExtension(leadingBytes: Array("<svg".utf8), contentType: "image/jpeg", url: nil) == nil)
        #expect(
            ImageType.fileExtension(
                leadingBytes: Array("<?xml version=\"1.0\"?>\n<!-- drawn -->\n<!DOCTYPE svg>\n<svg width=\"1\">".utf8),
                contentType: "image/svg+xml", url: nil) == "svg")
        for page in ["<html><body><script>x()</script>", "<!DOCTYPE html><svg>", "<svgs>", "<?xml?><html>"] {
            #expect(
                ImageType.fileExtension(leadingBytes: Array(page.utf8), contentType: "image/svg+xml", url: nil) == nil)
        }
        // Weak signatures are not enough alone: "BM" and a short text, two JPEG XL bytes as text/plain.
        let bmpText = Array("BMW of North America: page not found".utf8)
        #expect(ImageType.fileExtension(leadingBytes: bmpText, contentType: "text/html", url: nil) == nil)
        var bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]
        #expect(ImageType.fileExtension(leadingBytes: bmp, contentType: nil, url: nil) == "bmp")
        bmp[14] = 41
        #expect(ImageType.fileExtension(leadingBytes: bmp, contentType: "image/bmp", url: nil) == nil)
        let jxlText = [0xFF, 0x0A] + Array("hello this is text".utf8)
        #expect(ImageType.fileExtension(leadingBytes: jxlText, contentType: "text/plain", url: nil) == nil)
        #expect(ImageType.fileExtension(leadingBytes: jxlText, contentType: "image/jxl", url: nil) == "jxl")
        let text = Array("Rate limit exceeded".utf8)
        #expect(ImageType.fileExtension(leadingBytes: text, contentType: "image/jpeg", url: nil) == nil)
        #expect(ImageType.fileExtension(leadingBytes: [0, 1, 2], contentType: "image/jpeg", url: nil) == nil)
    }

    @Test("when CREDITS.md cannot be written (a full disk), the failure still says what happened to each photo")
    func creditsFailureKeepsTheOutcomes() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        // A folder with a file in it where CREDITS.md goes: renaming onto it fails, as on a full disk.
        let credits = fixture.folder.appendingPathComponent(CreditsFile.fileName)
        try FileManager.default.createDirectory(at: credits, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: credits.appendingPathComponent("keep"))
        do {
            _ = try await fixture.downloader().run([fixture.photo("a", url: fixture.url("/img/a"))])
            Issue.record("the run did not fail")
        } catch let failure as DownloadFailure {
            #expect(failure.message.contains(CreditsFile.fileName))
            #expect(failure.outcomes?.count == 1)
            if case .downloaded = failure.outcomes?.first?.result {} else { Issue.record("\(failure)") }
        }
    }

    @Test("with the archive unusable, a CREDITS.md that cannot be read fails the run and is left as it was")
    func unreadableCreditsAreKept() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        // A folder where the archive goes: with --no-archive the run goes on without it, and the
        // credits are this run's joined to the file's own lines, which must be read first.
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent(DownloadArchive.fileName), withIntermediateDirectories: true)
        let credits = fixture.folder.appendingPathComponent(CreditsFile.fileName)
        #expect(mkfifo(credits.path, 0o644) == 0)  // not a regular file: its lines cannot be read
        do {
            _ = try await fixture.downloader(fixture.options(useArchive: false)).run([
                fixture.photo("a", url: fixture.url("/img/a"))
            ])
            Issue.record("the run did not fail")
        } catch let failure as DownloadFailure {
            #expect(failure.message.contains("cannot read") && failure.message.contains(CreditsFile.fileName))
            #expect(failure.outcomes?.count == 1)
        }
        var status = stat()
        #expect(stat(credits.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("an archive that cannot be made in a folder without one fails the run, and no file is named")
    func archiveThatCannotBeMadeFailsTheRun() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        // No archive yet, so it is made while the first transfers run; a folder where its
        // write-ahead log goes makes SQLite fail.
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent(DownloadArchive.fileName + "-wal"),
            withIntermediateDirectories: true)
        let photos = (0..<12).map { fixture.photo("p\($0)", url: fixture.url("/img/p\($0)")) }
        do {
            _ = try await fixture.downloader().run(photos)
            Issue.record("the run did not fail")
        } catch let failure as DownloadFailure {
            #expect(failure.message.contains("cannot use the download archive"))
            #expect(failure.message.contains("--no-archive"))
        }
        #expect(fixture.files().filter { !$0.hasPrefix(DownloadArchive.fileName) }.isEmpty)

        // With --no-archive the run goes on without it, and every photo is named.
        try? FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(DownloadArchive.fileName))
        let outcomes = try await fixture.downloader(fixture.options(useArchive: false)).run(photos)
        #expect(outcomes.allSatisfy { if case .downloaded = $0.result { true } else { false } })
        #expect(fixture.files().filter { $0.hasSuffix(".xmp") }.count == 12)
    }

    @Test("a symbolic link where a subfolder goes is refused, and nothing is written through it")
    func symlinkedSubfolderIsRefused() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("viewfinder-outside-\(UUID())")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: fixture.folder.appendingPathComponent("web"), withDestinationURL: outside)
        let outcomes = try await fixture.downloader().run([fixture.photo("a", url: fixture.url("/img/a"))])

        #expect(reason(outcomes.first)?.contains("symbolic link") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("an archive whose rows hold values that are not text is refused by row; with no-archive the run goes on")
    func foreignArchiveRows() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let archive = fixture.folder.appendingPathComponent(DownloadArchive.fileName).path
        let made = try await runProgram(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "c.execute('create table downloads(provider, id, file, checksum, credit, downloaded_at)'); "
                    + "c.execute(\"insert into downloads values (NULL, 5, 'f', 'c', 7, 0)\"); c.commit()",
                archive,
            ])
        #expect(made.status == 0)
        var photo = fixture.photo("a", url: fixture.url("/img/a"), title: "Harbour")
        photo.author = "Ann"
        photo.license = LicenseCatalog.license(id: "CC-BY-4.0")
        photo = photo.attributed()
        await #expect {
            _ = try await fixture.downloader().run([photo])
        } throws: { error in
            let message = (error as? DownloadFailure)?.message ?? ""
            return message.contains("row 1") && message.contains("`provider`") && message.contains("--no-archive")
        }
        let outcomes = try await fixture.downloader(fixture.options(useArchive: false)).run([photo])
        guard case .downloaded = outcomes.first?.result else {
            Issue.record("not downloaded: \(String(describing: outcomes.first))")
            return
        }
        // The credits of the run are written although the archive could not be used.
        let credits = try String(
            contentsOf: fixture.folder.appendingPathComponent(CreditsFile.fileName), encoding: .utf8)
        #expect(credits.contains("Harbour") && credits.contains("Ann"))
    }

    @Test("an archive that is a symbolic link is refused with what to do")
    func symlinkedArchiveIsRefused() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("viewfinder-outside-\(UUID()).db")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: fixture.folder.appendingPathComponent(DownloadArchive.fileName), withDestinationURL: outside)
        await #expect(throws: DownloadFailure.self) {
            _ = try await fixture.downloader().run([fixture.photo("a", url: fixture.url("/img/a"))])
        }
        #expect(!FileManager.default.fileExists(atPath: outside.path))
    }

    @Test(
        "a key echoed in a title, an author or a page URL, or a password in a URL, never reaches a file, sidecar, archive or credits"
    )
    func secretsStayOutOfWrittenFiles() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let secret = "configured-secret-4711"
        let leaked = "pixabay-key-0815"
        var photo = fixture.photo("k", url: fixture.url("/img/k"), title: "Sunset \(secret)")
        photo.author = "Ann key=\(leaked)"
        photo.pageURL = URL(string: "https://example.org/photo?key=\(leaked)&id=7")
        photo.license = LicenseCatalog.license(id: "CC-BY-4.0")
        let password = "hunter2pw"
        var second = fixture.photo("p", url: fixture.url("/img/p"), title: "Harbour")
        second.pageURL = URL(string: "https://ann:\(password)@example.org/x")
        second.license = LicenseCatalog.license(id: "CC-BY-4.0")
        var options = fixture.options()
        options.redact = { Redaction.redact($0, secrets: [secret]) }
        let outcomes = try await fixture.downloader(options).run([photo, second.attributed()])

        guard case .downloaded = outcomes.first?.result else {
            Issue.record("not downloaded: \(String(describing: outcomes.first))")
            return
        }
        let files = fixture.files()
        #expect(files.contains(DownloadArchive.fileName))
        #expect(files.contains(CreditsFile.fileName))
        for file in files {
            #expect(!file.contains(secret) && !file.contains(leaked))
            let bytes = try Data(contentsOf: fixture.folder.appendingPathComponent(file))
            for value in [secret, leaked, password] {
                #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value) in \(file)")
            }
        }
    }
}
