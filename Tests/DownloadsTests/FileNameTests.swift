import Foundation
import ProviderKit
import ServiceBus
import Testing

@testable import Downloads

@Suite("File names made safe from hostile titles")
struct FileNameTests {
    static let hostile = [
        "../../x", String(repeating: "é", count: 5_000) + "x", "a\u{0}b\u{1B}[31mc\nd\u{7F}e", "CON", "nul.txt",
        "com1", ".", "..", "", "   ", "a/b\\c:d*e?f\"g<h>i|j", "\u{202E}gpj.exe", "LPT9 ",
    ]

    @Test("every hostile title gives one safe name: no separators or controls, at most 100 bytes, never reserved")
    func hostileTitles() {
        let template = FileNameTemplate("{title}.{ext}")
        for title in Self.hostile {
            let name = template.name(for: Photo(provider: "p", id: "1", title: title))
            let file = name.file("jpeg")
            #expect(name.folders.isEmpty, "\(title.debugDescription) made folders \(name.folders)")
            #expect(!file.contains("/") && !file.contains("\\"))
            #expect(file.utf8.count <= SafeName.maximumBytes)
            #expect(!file.hasPrefix(".") && file != "..")
            #expect(!file.unicodeScalars.contains { $0.properties.generalCategory == .control })
            #expect(!file.unicodeScalars.contains { $0.properties.generalCategory == .format })
            #expect(!SafeName.isReserved(name.stem), "\(file) is a Windows device name")
            #expect(!name.numbered(99).stem.contains("/"))
            #expect(name.numbered(99).file("jpeg").utf8.count <= SafeName.maximumBytes)
            let sidecar = XMPSidecar.fileName(forImage: name.numbered(99).file("jpeg"))
            #expect(sidecar.utf8.count <= SafeName.maximumBytes, "\(sidecar)")
        }
    }

    @Test("each field is made safe alone, so a value never adds a folder; the template's own folders stay")
    func fieldsStayInTheirComponent() {
        let photo = Photo(
            provider: "../up", id: "../../etc/passwd", title: "a/b", author: "..",
            takenAt: DateTime.parse("2020-09-13T12:26:40Z"), license: License(id: "CC-BY-4.0", name: "CC BY 4.0"))
        let name = FileNameTemplate("{provider}/{date}/{author}-{id}-{title}-{license}.{ext}").name(for: photo)
        #expect(name.folders == ["_up", "2020-09-13"])
        #expect(name.stem == "_-_.._etc_passwd-a_b-CC-BY-4.0")
    }

    @Test(
        "a blank title or author (white space, zero-width spaces) is named untitled or unknown; missing fields get words too"
    )
    func blankFields() {
        let template = FileNameTemplate("{author}/{title}-{date}-{license}.{ext}")
        for blank in [" \t\n", "\u{200B}\u{200B}", "\u{3000}\u{A0}\u{85}", ""] {
            let name = template.name(for: Photo(provider: "p", id: "1", title: blank, author: blank))
            #expect(name.folders == ["unknown"])
            #expect(name.stem == "untitled-undated-unknown-license")
        }
        let titled = template.name(for: Photo(provider: "p", id: "1", title: "\u{200B}Fog", author: "Ann"))
        #expect(titled.stem.hasSuffix("Fog-undated-unknown-license"))
    }

    @Test("a title named like CREDITS.md or the archive never becomes the folder that would block it")
    func reservedFolderNames() {
        let template = FileNameTemplate("{title}/{id}.{ext}")
        for title in ["CREDITS.md", "credits.MD", ".viewfinder-archive.sqlite", ".viewfinder-archive.sqlite-wal"] {
            let name = template.name(for: Photo(provider: "p", id: "1", title: title))
            #expect(name.folders.count == 1)
            #expect(!FileNameTemplate.reservedNames.contains(name.folders[0].lowercased()), "\(title)")
        }
        #expect(template.name(for: Photo(provider: "p", id: "1", title: "Credits")).folders == ["Credits"])
    }

    @Test("a local photo's id loses its file extension in a name; a web photo's id is kept whole")
    func localIDsWithoutExtension() {
        let template = FileNameTemplate(DownloadSettings.defaultFilename)
        let local = Photo(
            provider: "samples", id: "boats/fishing.jpg", title: "Fishing boats", filePath: "/p/boats/fishing.jpg")
        #expect(template.name(for: local).file("jpg") == "samples/boats_fishing-Fishing boats.jpg")
        let web = Photo(provider: "flickr", id: "531.2", title: "Boats")
        #expect(template.name(for: web).file("jpg") == "flickr/531.2-Boats.jpg")
    }

    @Test("templates with unknown fields, absolute paths or a misplaced {ext} are refused with a reason")
    func templateProblems() {
        #expect(DownloadSettings.problem(withFilename: DownloadSettings.defaultFilename) == nil)
        #expect(DownloadSettings.problem(withFilename: "{titel}.{ext}")?.contains("did you mean `title`") == true)
        #expect(DownloadSettings.problem(withFilename: "/etc/{id}") != nil)
        #expect(DownloadSettings.problem(withFilename: "{ext}/{id}") != nil)
        #expect(DownloadSettings.problem(withFilename: "{id") != nil)
    }

    @Test(
        "a `.` or `..` part of a template is refused, not turned into a folder `_` (issue 36)",
        arguments: ["./{title}.{ext}", "{provider}/../{title}", "a/./b", "{provider}/.../{id}", ". /{id}", ".."])
    func dotPartsAreRefused(_ template: String) {
        let problem = DownloadSettings.problem(withFilename: template)
        #expect(problem?.contains("as a folder") == true, "\(template): \(problem ?? "accepted")")
    }

    @Test("an extension the template or the title ends in is not doubled (issue 36)")
    func extensionIsNotDoubled() {
        let photo = Photo(provider: "web", id: "1", title: "x")
        #expect(FileNameTemplate("{title}.jpg").name(for: photo).file("jpg") == "x.jpg")
        #expect(FileNameTemplate("{title}.JPEG").name(for: photo).file("jpg") == "x.JPEG")
        #expect(FileNameTemplate("{title}.jpg").name(for: photo).file("png") == "x.jpg.png")
        let titled = Photo(provider: "web", id: "1", title: "x.jpg")
        let name = FileNameTemplate("{title}.{ext}").name(for: titled)
        #expect(name.file("jpg") == "x.jpg")
        #expect(name.numbered(2).file("jpg") == "x-2.jpg")
        // `x` and `x.jpg` may both become `x.jpg`: they are one name to the reservations.
        #expect(name.key == FileNameTemplate("{title}.{ext}").name(for: photo).key)
        #expect(FileNameTemplate("{title}.{ext}").name(for: photo).file("jpg") == "x.jpg")
    }

    @Test("the extension comes from the bytes; the content type or the URL names only an SVG or an unknown ISO brand")
    func extensions() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let url = URL(string: "http://x/photo.webp")
        #expect(ImageType.fileExtension(leadingBytes: jpeg, contentType: "image/png", url: url) == "jpg")
        #expect(ImageType.fileExtension(leadingBytes: png, contentType: nil, url: nil) == "png")
        let svg = Array("<?xml version=\"1.0\"?><svg/>".utf8)
        #expect(
            ImageType.fileExtension(leadingBytes: svg, contentType: "image/svg+xml; charset=utf-8", url: nil) == "svg")
        #expect(
            ImageType.fileExtension(leadingBytes: svg, contentType: nil, url: URL(string: "http://x/a.svg")) == "svg")
        // An ISO media file is an image by its brands (here a compatible one), not by its type.
        let heif = [0, 0, 0, 0x18] + Array("ftypMiHE".utf8) + [0, 0, 0, 0] + Array("MiHEmif1".utf8)
        #expect(ImageType.fileExtension(leadingBytes: heif, contentType: "image/heif", url: nil) == "heic")
        let video = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("isommp42".utf8)
        #expect(ImageType.fileExtension(leadingBytes: video, contentType: "image/heic", url: nil) == nil)
        #expect(ImageType.fileExtension(leadingBytes: [1, 2], contentType: "image/gif; x=y", url: url) == nil)
        #expect(ImageType.fileExtension(leadingBytes: [1, 2], contentType: nil, url: url) == nil)
        #expect(ImageType.fileExtension(leadingBytes: [1, 2], contentType: "text/html", url: url) == nil)
    }

    @Test("hostile titles downloaded end to end: every file lands inside the folder, one per photo")
    func hostileDownloads() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = Self.hostile.enumerated().map { index, title in
            fixture.photo("h\(index)", url: fixture.url("/img/h\(index)"), title: title)
        }
        let options = DownloadOptions(directory: fixture.folder, settings: .init(filename: "{title}.{ext}"))
        let outcomes = try await fixture.downloader(options).run(photos)
        var files: Set<String> = []
        for outcome in outcomes {
            guard case .downloaded(let file, _) = outcome.result else {
                Issue.record("\(outcome.id): \(outcome.result)")
                continue
            }
            #expect(!file.contains("/"))
            files.insert(file)
        }
        #expect(files.count == Self.hostile.count)
        let images = fixture.files().filter { $0.hasSuffix(".jpg") }
        #expect(images.count == Self.hostile.count)
    }
}
