import Foundation
import GRDB
import ProviderKit
import Testing

@testable import Downloads

@Suite("XMP sidecars and CREDITS.md")
struct SidecarAndCreditsTests {
    static let taken = DateTime.parse("2020-09-13T14:26:40+02:00")

    static func creditedPhoto(_ fixture: DownloadFixture) -> Photo {
        var photo = fixture.photo("c1", url: fixture.url("/img/c1"), title: "Harbor <at> dawn & \"fog\"")
        photo.description = "Boats ]]> moored\u{1}, 'quiet'"
        photo.author = "Jane *Doe*"
        photo.pageURL = URL(string: "https://example.org/photos/c1?a=1&b=2")
        photo.tags = ["harbor", "boats & ships", "<fog>"]
        photo.takenAt = taken
        photo.place = PlaceNames(
            name: "Almada", city: "Lisbon", region: "Setúbal & <Tejo>", country: "Portugal", countryCode: "pt")
        photo.license = License(
            id: "CC-BY-4.0", name: "CC BY 4.0", url: URL(string: "https://creativecommons.org/licenses/by/4.0/"),
            requiresAttribution: true)
        return photo.attributed()
    }

    @Test("exiftool reads every sidecar field back as written")
    func exiftoolReadsTheSidecar() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photo = Self.creditedPhoto(fixture)
        let outcomes = try await fixture.downloader(fixture.options()).run([photo])
        guard case .downloaded(let file, _) = outcomes[0].result else {
            Issue.record("\(outcomes[0].result)")
            return
        }
        let sidecar = fixture.folder.appendingPathComponent(file + ".xmp")
        let (status, output) = try await runProgram("/usr/bin/exiftool", ["-j", "-G1", "-a", sidecar.path])
        #expect(status == 0)
        let list = try JSONSerialization.jsonObject(with: output) as? [[String: Any]]
        let fields = try #require(list?.first)
        let attribution = try #require(photo.attribution)
        #expect(fields["XMP-dc:Title"] as? String == "Harbor <at> dawn & \"fog\"")
        #expect(fields["XMP-dc:Description"] as? String == "Boats ]]> moored, 'quiet'")
        #expect(fields["XMP-dc:Creator"] as? String == "Jane *Doe*")
        #expect(fields["XMP-dc:Subject"] as? [String] == ["harbor", "boats & ships", "<fog>"])
        #expect(fields["XMP-dc:Rights"] as? String == attribution)
        #expect(fields["XMP-xmpRights:UsageTerms"] as? String == attribution)
        #expect(fields["XMP-xmpRights:WebStatement"] as? String == "https://creativecommons.org/licenses/by/4.0/")
        #expect(fields["XMP-cc:License"] as? String == "https://creativecommons.org/licenses/by/4.0/")
        #expect(fields["XMP-dc:Source"] as? String == "https://example.org/photos/c1?a=1&b=2")
        #expect(fields["XMP-photoshop:DateCreated"] as? String == "2020:09:13 14:26:40+02:00")
        #expect(fields["XMP-photoshop:City"] as? String == "Lisbon")
        #expect(fields["XMP-iptcCore:Location"] as? String == "Almada")
        #expect(fields["XMP-photoshop:State"] as? String == "Setúbal & <Tejo>")
        #expect(fields["XMP-photoshop:Country"] as? String == "Portugal")
        #expect(fields["XMP-iptcCore:CountryCode"] as? String == "PT")
    }

    @Test("a local photo's sidecar and archive credit never hold its path or a file: URL (issue 36)")
    func localPhotoSidecarHasNoPath() {
        let path = "/home/ana/private/harbor.jpg"
        let photo = Photo(
            provider: "local", id: "harbor.jpg", title: "Harbor", author: "Ana", pageURL: URL(fileURLWithPath: path),
            license: License(
                id: "CC-BY-4.0", name: "CC BY 4.0", url: URL(string: "file:///home/ana/licence.txt"),
                requiresAttribution: true), filePath: path
        ).attributed()
        let text = XMPSidecar.text(for: photo)
        #expect(text.contains("“Harbor” by Ana is licensed under CC BY 4.0"), "\(text)")
        #expect(!text.contains("file:") && !text.contains("/home/ana"), "\(text)")
    }

    @Test("CREDITS.md says so when no photo asks for credit, rather than ending in an empty list")
    func creditsWithoutEntries() {
        let entry = DownloadArchive.Entry(provider: "p", id: "1", file: "p/1.jpg", checksum: "00", credit: nil)
        let text = CreditsFile.text(for: [entry])
        #expect(
            text.hasSuffix(
                "None of the photos downloaded here asks for credit (public domain, CC0 or a licence without it).\n"))
        #expect(!text.contains("- "))
    }

    @Test("when the archive cannot record this run's files, CREDITS.md still credits them and the run says why")
    func creditsWithoutRecords() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = (0..<3).map { number in
            var photo = Self.creditedPhoto(fixture)
            photo.id = "u\(number)"
            photo.title = "Harbor \(number)"
            photo.attribution = nil
            photo.images = [PhotoImage(size: .large, url: fixture.url("/img/u\(number)?delay=1"))]
            return photo.attributed()
        }
        let run = Task { try await fixture.downloader(fixture.options()).run(photos) }
        // Another program breaks the archive once the run has opened it.
        let archive = fixture.folder.appendingPathComponent(DownloadArchive.fileName)
        var dropped = false
        for _ in 0..<500 where !dropped {
            if FileManager.default.fileExists(atPath: archive.path) {
                // Once the run has made the table (the transfers take a second).
                dropped =
                    (try? await DatabaseQueue(path: archive.path).write { try $0.execute(sql: "DROP TABLE downloads") })
                    != nil
            }
            if !dropped { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(dropped)
        do {
            _ = try await run.value
            Issue.record("the run succeeded without recording its files")
        } catch let failure as DownloadFailure {
            #expect(failure.message.hasPrefix("cannot record 3 downloaded files"), "\(failure.message)")
            #expect(failure.outcomes?.count == 3)
        }
        let credits = try String(contentsOf: fixture.folder.appendingPathComponent("CREDITS.md"), encoding: .utf8)
        #expect(credits.components(separatedBy: "\n").filter { $0.hasPrefix("- ") }.count == 3, "\(credits)")
    }

    @Test("CREDITS.md has one escaped line per photo whose licence asks for credit, across runs")
    func creditsFile() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let credited = Self.creditedPhoto(fixture)
        var free = fixture.photo("c2", url: fixture.url("/img/c2"), title: "Free")
        free.license = License(id: "CC0-1.0", name: "CC0 1.0", requiresAttribution: false)
        _ = try await fixture.downloader(fixture.options()).run([credited, free.attributed()])
        var second = fixture.photo("c3", url: fixture.url("/img/c3"), title: "1. [link](javascript:x) <b>")
        second.author = "Bob"
        second.license = credited.license
        _ = try await fixture.downloader(fixture.options()).run([second.attributed()])

        let text = try String(contentsOf: fixture.folder.appendingPathComponent("CREDITS.md"), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(lines.count == 2)
        // Each line names its file; Creative Commons' form quotes the title already.
        #expect(
            lines.contains(
                "- web/c1-Harbor \\_at\\_ dawn &amp; \\_fog\\_.jpg: "
                    + "“Harbor \\<at\\> dawn &amp; \"fog\"” (https://example.org/photos/c1?a=1&amp;b=2) by Jane \\*Doe\\* "
                    + "is licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"), "\(lines)")
        #expect(
            lines.contains(
                "- web/c3-1. \\[link\\](javascript\\_x) \\_b\\_.jpg: "
                    + "“1. \\[link\\](javascript:x) \\<b\\>” by Bob is licensed under CC BY 4.0 "
                    + "(https://creativecommons.org/licenses/by/4.0/)"), "\(lines)")
        #expect(!text.contains("Free"))
    }

    @Test(
        "five photos by one author on Pexels get five lines, each naming its title and file, with or without the archive (issue 36)"
    )
    func creditsNameEachPhoto() async throws {
        var texts: [String] = []
        for useArchive in [true, false] {
            let fixture = try await DownloadFixture.start()
            defer { fixture.remove() }
            let photos = (1...5).map { number in
                var photo = fixture.photo("x\(number)", url: fixture.url("/img/x\(number)"), title: "Pier \(number)")
                photo.author = "Jane"
                photo.license = LicenseCatalog.pexels
                return photo.attributed()
            }
            _ = try await fixture.downloader(fixture.options(useArchive: useArchive)).run(photos)
            let text = try String(contentsOf: fixture.folder.appendingPathComponent("CREDITS.md"), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("- ") }
            #expect(
                lines == (1...5).map { "- web/x\($0)-Pier \($0).jpg: “Pier \($0)” — Photo by Jane on Pexels" },
                "archive: \(useArchive)\n\(text)")
            texts.append(text)
        }
        #expect(texts[0] == texts[1])
    }

    @Test("markdown escaping: a line never starts a list or heading, and controls become spaces")
    func markdownEscaping() {
        #expect(CreditsFile.escaped("1. one") == "1\\. one")
        #expect(CreditsFile.escaped("- two") == "\\- two")
        #expect(CreditsFile.escaped("# three\nfour\u{1B}") == "\\# three four")
    }
}
