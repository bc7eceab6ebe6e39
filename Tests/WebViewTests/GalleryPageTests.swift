import Foundation
import LocalFolderProvider
import ProviderKit
import SearchViewModel
import Testing

@testable import WebView

@Suite struct GalleryPageTests {
    /// The page's template, style and script; a missing resource fails each test with its reason.
    let resources: PageResources

    init() throws {
        resources = try PageResources.load()
    }

    /// The gallery file's thumbnails as the CLI makes them: each local photo's embedded JPEG
    /// thumbnail as a `data:` URI.
    static func thumbnails(_ state: SearchState) async -> [FileSystemPath: String] {
        let paths = Array(Set(state.results.compactMap(\.photo.fileSystemPath)))
        return await EmbeddedThumbnail.jpegs(atPaths: paths).mapValues {
            "data:image/jpeg;base64," + Data($0).base64EncodedString()
        }
    }

    static func state(_ photos: [Photo], providers: [ProviderStatus] = []) -> SearchState {
        SearchState(
            request: SearchRequest(.search("harbor"), limit: 30), providers: providers,
            results: photos.enumerated().map { RankedPhoto(rank: $0 + 1, score: 0.5, photo: $1) }, isRunning: false)
    }

    @Test func hostileTextIsEscapedAndUnsafeLinksAreNotLinked() {
        let photo = Photo(
            provider: "evil", id: "1", title: "<img src=x onerror=alert(1)>", author: "\"><script>alert(2)</script>",
            pageURL: URL(string: "javascript:alert(3)"),
            images: [PhotoImage(size: .large, url: URL(string: "data:text/html,%3Cb%3Ex")!)],
            tags: ["<b>tag</b>"], attribution: "' onmouseover='alert(4)")
        let page = resources.render(GalleryPage(file: Self.state([photo]), resources: resources))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<script>alert(2)"))
        #expect(!page.contains("<b>tag</b>"))
        #expect(!page.contains("' onmouseover='"))
        #expect(!page.contains("href=\"javascript:"))
        #expect(!page.contains("src=\"data:text/html"))
        // The unsafe page URL stays as text for the viewer, which never links it.
        #expect(page.contains("data-page=\"javascript:alert(3)\""))
    }

    @Test("resources are looked for only beside the binary; a missing folder is an error naming where it looked")
    func missingResourcesNameTheFolder() throws {
        #expect(!PageResources.searchedFolders().contains { $0.path.hasSuffix("Sources/WebView/Resources") })
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("vf-none-\(UUID().uuidString)")
        #expect {
            try PageResources.load(from: [nowhere])
        } throws: { error in
            "\(error)".contains("no page.mustache in \(nowhere.path)")
        }
    }

    @Test("bidirectional controls from sources are replaced in the gallery file's cells and chips")
    func bidiControlsAreReplaced() {
        let photo = Photo(
            provider: "evil", id: "1", title: "photo\u{202E}gpj.exe", author: "\u{202E}nnA\u{202C}",
            tags: ["a\u{2067}b"], attribution: "by \u{2066}Ann\u{2069}", camera: "X\u{200F}")
        let status = ProviderStatus(
            name: "plugin", typeName: "exec", phase: .failed, message: "it said \u{202E}deliaf")
        let page = resources.render(GalleryPage(file: Self.state([photo], providers: [status]), resources: resources))
        #expect(!page.unicodeScalars.contains { PageText.isBidiControl($0) })
        #expect(page.contains("photo\u{FFFD}gpj.exe"))
        #expect(page.contains("\u{FFFD}nnA\u{FFFD}"))
        #expect(page.contains("it said \u{FFFD}deliaf"))
    }

    @Test func everyCellShowsItsFacts() throws {
        let photo = Photo(
            provider: "commons", id: "1", title: "Harbor at dusk", author: "Ann",
            pageURL: URL(string: "https://example.org/p/1"),
            images: [
                PhotoImage(size: .thumbnail, url: URL(string: "https://img.example.org/t.jpg")!),
                PhotoImage(size: .large, url: URL(string: "https://img.example.org/l.jpg")!),
            ], width: 4000, height: 3000, takenAt: DateTime.parse("2023-11-14T22:13:20Z"), tags: ["sea", "dusk"],
            license: LicenseCatalog.license(id: "CC-BY-4.0"), attribution: "“Harbor” by Ann")
        let statuses = [
            ProviderStatus(name: "commons", typeName: "commons", phase: .ok, count: 1, duration: .milliseconds(120)),
            ProviderStatus(name: "flickr", typeName: "flickr", phase: .failed, message: "the key was refused"),
            ProviderStatus(name: "500px", typeName: "500px", phase: .skipped, message: "no API key"),
        ]
        let model = GalleryPage(
            file: Self.state([photo], providers: statuses), resources: resources)
        let cell = try #require(model.cells.first)
        #expect(cell.thumb == "https://img.example.org/t.jpg")
        #expect(cell.full == "https://img.example.org/l.jpg")
        #expect(cell.size == "4000×3000")
        #expect(cell.license == "CC BY 4.0")
        #expect(cell.date == "2023-11-14")
        #expect(cell.tags == "sea, dusk")
        let page = resources.render(model)
        #expect(page.contains("Harbor at dusk"))
        #expect(page.contains("class=\"chip failed\""))
        #expect(page.contains("the key was refused"))
        #expect(page.contains("no API key"))
        #expect(page.contains("1 photo from 1 source"))
        // Self-contained: no external style sheet, script or font.
        #expect(!page.contains("<link"))
        #expect(!page.contains("<script src"))
        #expect(page.contains("function safeLink"))
    }

    @Test func theFullScreenViewHasACameraRowFilledFromThePhoto() throws {
        let known = Photo(provider: "local", id: "1", title: "Pier", camera: "FUJIFILM X-T4 <b>")
        let unknown = Photo(provider: "local", id: "2", title: "Dune")
        let model = GalleryPage(file: Self.state([known, unknown]), resources: resources)
        #expect(model.cells.map(\.camera) == ["FUJIFILM X-T4 <b>", ""])
        let page = resources.render(model)
        #expect(page.contains("data-camera=\"FUJIFILM X-T4 &lt;b&gt;\""))
        #expect(page.contains("data-camera=\"\""))
        #expect(page.contains("<dt>Camera</dt><dd id=\"viewer-camera\"></dd>"))
        // Both the file's cells and the served page's cells (filled from the events) fill the row.
        #expect(page.contains("setText(\"viewer-camera\", data.camera)"))
        #expect(page.contains("\"camera\", \"place\", \"placeDetail\", \"tags\", \"attribution\"];"))
        #expect(page.contains("for (const key of cellData) figure.dataset[key] = cell[key] || \"\";"))
    }

    @Test func cellsShowThePlaceAndTheFullScreenViewEveryPartOfIt() throws {
        let almada = PlaceNames(name: "Almada", city: "Lisbon", region: "Setúbal <i>", country: "Portugal")
        let model = GalleryPage(
            file: Self.state([Photo(provider: "local", id: "1", title: "Ferry", place: almada)]), resources: resources)
        #expect(model.cells.map(\.place) == ["Lisbon, Portugal"])
        let page = resources.render(model)
        #expect(page.contains("<span class=\"place\">Lisbon, Portugal</span>"))
        #expect(page.contains("data-place-detail=\"Almada, Lisbon, Setúbal &lt;i&gt;, Portugal\""))
        #expect(page.contains("<dt>Place</dt><dd id=\"viewer-place\"></dd>"))
        #expect(page.contains("setText(\"viewer-place\", data.placeDetail)"))
    }

    @Test func aProvidersNoteIsItsChipsTitle() {
        var noted = ProviderStatus(name: "samples", typeName: "local-folder", phase: .ok, count: 4)
        noted.note = "index off: cannot write \"/x\"; every search reads every file"
        let plain = ProviderStatus(name: "flickr", typeName: "flickr", phase: .failed, message: "refused")
        let model = GalleryPage(file: Self.state([], providers: [noted, plain]), resources: resources)
        #expect(model.providers.map(\.title) == ["4 photos · \(noted.note ?? "")", "refused"])
        let page = resources.render(model)
        #expect(
            page.contains("title=\"4 photos · index off: cannot write &quot;/x&quot;; every search reads every file\""))
        // The served page's chips get the same title from the events (``LiveEvents``).
        #expect(page.contains("element.title = chip.title || \"\";"))
    }

    @Test func localPhotosUseTheirEmbeddedThumbnail() async throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "with-thumbnail", withExtension: "jpg", subdirectory: "Fixtures"))
        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("vf-plain-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: plain) }
        // A JPEG without EXIF: its SOI and EOI only.
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: plain)
        let photos = [fixture, plain].map { url in
            Photo(
                provider: "folder", id: url.lastPathComponent, pageURL: url,
                images: [PhotoImage(size: .original, url: url)], filePath: url.path)
        }
        let state = Self.state(photos)
        let thumbnails = await Self.thumbnails(state)
        #expect(thumbnails.count == 1)
        let model = GalleryPage(file: state, thumbnails: thumbnails, resources: resources)
        #expect(model.cells[0].thumb.hasPrefix("data:image/jpeg;base64,/9j/"))
        #expect(model.cells[0].full == fixture.absoluteString)
        #expect(model.cells[1].thumb == plain.absoluteString)
        #expect(model.cells[1].page == plain.absoluteString)
    }

    @Test("a local photo whose name is not UTF-8 gets its embedded thumbnail too, found by the name's bytes")
    func thumbnailOfANameThatIsNotUTF8() async throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "with-thumbnail", withExtension: "jpg", subdirectory: "Fixtures"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-latin1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let descriptor = FileSystemPath(bytes: bytes).open(O_WRONLY | O_CREAT | O_EXCL, 0o644)
        let jpeg = [UInt8](try Data(contentsOf: fixture))
        #expect(jpeg.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == jpeg.count)
        close(descriptor)
        // As the local provider makes it: the URL keeps the byte, the path shows U+FFFD.
        let url = try #require(URL(string: "file://" + folder.path + "/caf%E9.jpg"))
        let photo = Photo(
            provider: "folder", id: "caf\u{FFFD}.jpg", pageURL: url, images: [PhotoImage(size: .original, url: url)],
            filePath: String(decoding: bytes, as: UTF8.self))
        let state = Self.state([photo])
        let thumbnails = await Self.thumbnails(state)
        #expect(thumbnails.count == 1)
        let model = GalleryPage(file: state, thumbnails: thumbnails, resources: resources)
        #expect(model.cells[0].thumb.hasPrefix("data:image/jpeg;base64,/9j/"))
    }

    @Test func embeddedThumbnailIsTheOneExiftoolWrote() async throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "with-thumbnail", withExtension: "jpg", subdirectory: "Fixtures"))
        let path = FileSystemPath(bytes: Array(fixture.path.utf8))
        let found = await EmbeddedThumbnail.jpegs(atPaths: [
            path, FileSystemPath(bytes: Array("/nonexistent/x.jpg".utf8)),
        ])
        let jpeg = try #require(found[path])
        // exiftool -ThumbnailLength: 566 bytes; a JPEG from its SOI to its EOI.
        #expect(jpeg.count == 566)
        #expect(jpeg.prefix(2) == [0xFF, 0xD8])
        #expect(jpeg.suffix(2) == [0xFF, 0xD9])
        #expect(found.count == 1)
    }

    @Test("thumbnails are taken in the order asked until the byte budget is spent, so a page stays bounded")
    func thumbnailBudget() async throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "with-thumbnail", withExtension: "jpg", subdirectory: "Fixtures"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = try (1...4).map { number in
            let copy = folder.appendingPathComponent("\(number).jpg")
            try FileManager.default.copyItem(at: fixture, to: copy)
            return FileSystemPath(bytes: Array(copy.path.utf8))
        }
        let found = await EmbeddedThumbnail.jpegs(atPaths: paths, budget: 2 * 566 + 100)  // two 566-byte thumbnails
        #expect(Set(found.keys) == Set(paths.prefix(2)))
    }

    @Test("the served page holds no query, loads its script from the server, and has one cell and one chip template")
    func servedPageIsTheSameForEveryQuery() {
        let page = resources.render(GalleryPage(servedPopular: false))
        #expect(page.contains("<script src=\"/viewfinder.js\" defer></script>"))
        #expect(!page.contains("function safeLink"))  // no inline script: CSP allows only files
        #expect(page.contains("<button id=\"go\" type=\"submit\" disabled>Go</button>"))
        #expect(page.components(separatedBy: "<template id=\"cell-template\"><figure class=\"cell\"").count == 2)
        #expect(page.components(separatedBy: "<template id=\"chip-template\"><span class=\"chip ").count == 2)
        // The gallery file has its cells and chips, from the same partials, and no template.
        let photo = Photo(provider: "flickr", id: "1", title: "Fog")
        let file = resources.render(
            GalleryPage(
                file: Self.state([photo], providers: [ProviderStatus(name: "flickr", typeName: "flickr", phase: .ok)]),
                resources: resources))
        #expect(!file.contains("<template id="))
        #expect(file.contains("<figure class=\"cell\""))
        // A photo with no image: its title in the frame, no image (not a broken one).
        #expect(file.contains("<img loading=\"lazy\" alt=\"Fog\" hidden><span class=\"frame-title\">Fog</span>"))
        #expect(file.contains("<span class=\"chip ok\" data-provider=\"flickr\""))
    }
}
