import Foundation
import LocalFolderProvider
import ProviderKit
import ProviderTesting
import Testing

@Suite("Local folder: finding photos by name and metadata")
struct LocalFolderSearchTests {
    func search(
        _ folder: PhotoFolder, _ query: String, recursive: Bool = true, limit: Int = 50
    ) async throws -> [Photo] {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path, recursive: recursive),
            context: folder.context())
        return try await ProviderConformance.collect(provider, SearchRequest(.search(query), limit: limit))
    }

    @Test("every term must match a word of the file or folder names, ignoring case and diacritics")
    func allTermsCaseAndDiacritics() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "Café-Terrace-ÉVENING.jpg")
        try folder.copyPlain(to: "cafe-morning.jpg")
        try folder.copyPlain(to: "Évenings/terrace.jpg")
        #expect(try await search(folder, "cafe evening").map(\.id) == ["Café-Terrace-ÉVENING.jpg"])
        #expect(
            try await search(folder, "CAFÉ").map(\.id).sorted() == ["Café-Terrace-ÉVENING.jpg", "cafe-morning.jpg"])
        #expect(
            try await search(folder, "evening terrace").map(\.id).sorted() == [
                "Café-Terrace-ÉVENING.jpg", "Évenings/terrace.jpg",
            ])
        #expect(try await search(folder, "cafe night").isEmpty)
    }

    @Test("whole words in the file name rank above prefixes, which rank above folder names")
    func rankingByMatchQuality() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "harbors-at-night.jpg")
        try folder.copyPlain(to: "harbor/boats.jpg")
        try folder.copyPlain(to: "old-harbor.jpg")
        #expect(
            try await search(folder, "harbor").map(\.id) == [
                "old-harbor.jpg", "harbors-at-night.jpg", "harbor/boats.jpg",
            ])
    }

    @Test("image files are recognised by their bytes: a misnamed JPEG is found, a text file named .jpg is not")
    func magicBytes() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.write("harbor-real.photo", PhotoFolder.jpegBytes)
        try folder.write("harbor-fake.jpg", Data("not an image".utf8))
        try folder.write("harbor-empty.jpg", Data())
        try folder.write("harbor-tiny.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try folder.write(".harbor-hidden.jpg", PhotoFolder.jpegBytes)
        #expect(try await search(folder, "harbor").map(\.id).sorted() == ["harbor-real.photo", "harbor-tiny.png"])
    }

    @Test("a result carries its absolute path, file URLs, a readable title and the instance name")
    func resultFields() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "trips/harbor_lighthouse-dusk.jpg")
        let photo = try #require(try await search(folder, "lighthouse").first)
        let path = folder.url.appendingPathComponent("trips/harbor_lighthouse-dusk.jpg").standardizedFileURL.path
        #expect(photo.filePath == path)
        #expect(photo.pageURL == URL(fileURLWithPath: path))
        #expect(photo.images.map(\.url) == [URL(fileURLWithPath: path)])
        #expect(photo.title == "Harbor lighthouse dusk")  // no title in the file: made from its name
        #expect(photo.provider == "local")
        #expect(photo.id == "trips/harbor_lighthouse-dusk.jpg")
        #expect(photo.width == 32 && photo.height == 24)  // read from the JPEG's frame header
        #expect(photo.takenAt == nil && photo.author == nil && photo.tags.isEmpty)  // nothing is invented
    }

    @Test("recursive: false looks only at the folder itself")
    func nonRecursive() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "harbor-top.jpg")
        try folder.copyPlain(to: "deeper/harbor-below.jpg")
        #expect(try await search(folder, "harbor", recursive: false).map(\.id) == ["harbor-top.jpg"])
        #expect(try await search(folder, "harbor").count == 2)
    }

    @Test("a missing folder is an error that names it and says what to check")
    func missingFolder() async throws {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: "/nonexistent/photos"), context: ProviderConformance.makeContext())
        await #expect(
            throws: ProviderError.notFound(
                "folder /nonexistent/photos does not exist; check `path` in the configuration")
        ) {
            try await ProviderConformance.collect(provider, SearchRequest(.search("x"), limit: 5))
        }
    }

    @Test("a path through a file, or through a loop of links, says so, not that the folder does not exist")
    func unreachableFolder() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "afile")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("loop").path, withDestinationPath: "loop")
        for (path, reason) in [("afile/sub", "Not a directory"), ("loop", "Too many levels of symbolic links")] {
            let root = folder.url.appendingPathComponent(path).path
            let provider = try LocalFolderFactory().makeProvider(
                name: "local", options: .init(path: root), context: ProviderConformance.makeContext())
            await #expect(
                throws: ProviderError.rejected(
                    "folder \(root) cannot be reached (\(reason)); check `path` in the configuration")
            ) {
                try await ProviderConformance.collect(provider, SearchRequest(.search("x"), limit: 5))
            }
        }
    }

    @Test("an empty path makes the instance unavailable rather than searching the current folder")
    func emptyPath() {
        #expect(throws: ProviderUnavailable.missingOption("path")) {
            try LocalFolderFactory().makeProvider(
                name: "l", options: .init(path: " "), context: ProviderConformance.makeContext())
        }
    }

    @Test("without ratings or dates, the popular feed lists the newest files first")
    func popularNewestFirst() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for (index, name) in ["old.jpg", "middle.jpg", "new.jpg"].enumerated() {
            try folder.copyPlain(to: name)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index) * 1000)],
                ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.context())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 2))
        #expect(photos.map(\.id) == ["new.jpg", "middle.jpg"])
    }

    @Test("the bundled samples are found by the words in their names")
    func bundledSamples() async throws {
        let scratch = try PhotoFolder()  // for its cache folder: the index is written there
        defer { scratch.remove() }
        let provider = try LocalFolderFactory().makeProvider(
            name: "samples", options: .init(path: PhotoFolder.samples.path), context: scratch.context())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 30))
        #expect(photos.count == 4)
        #expect(photos.allSatisfy { $0.id.contains("harbor") })
    }

    @Test("metadata is searched: keywords and title count above description, which counts above names")
    func metadataRanking() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyCorpus("full.jpg", to: "a.jpg")  // keywords harbour, dusk, Café, boats; title "Harbour at dusk"
        try folder.copyCorpus("iptc-only.jpg", to: "b.jpg")  // caption "Only IPTC here"; keywords alpha, beta
        try folder.copyPlain(to: "dusk-walk.jpg")  // "dusk" only in its name
        try folder.copyPlain(to: "notes/boats.jpg")
        #expect(try await search(folder, "dusk").map(\.id) == ["a.jpg", "dusk-walk.jpg"])
        #expect(try await search(folder, "cafe").map(\.id) == ["a.jpg"])  // keyword "Café", accents ignored
        #expect(try await search(folder, "iptc").map(\.id) == ["b.jpg"])  // caption
        #expect(try await search(folder, "ana fujifilm").map(\.id) == ["a.jpg"])  // creator and camera
        #expect(try await search(folder, "boats").map(\.id) == ["a.jpg", "notes/boats.jpg"])  // keyword above path
        let photo = try #require(try await search(folder, "harbour").first)
        #expect(photo.title == "Harbour at dusk")
        #expect(photo.author == "Ana Lopez")
        #expect(photo.camera == "FUJIFILM X-T4")  // make FUJIFILM, model X-T4
        #expect(try await search(folder, "iptc").first?.camera == nil)
        #expect(photo.tags.contains("Café"))
        #expect(photo.location == GeoLocation(latitude: 44.6476, longitude: -63.5728))
        #expect(photo.popularity.rating == 4)
        #expect(photo.takenAt?.description == "2023-09-14T19:42:10+02:00")  // as the camera said it
        #expect(photo.takenAt?.instant == Date(timeIntervalSince1970: 1_694_713_330))
    }

    @Test("the popular feed lists the highest rated first, then the newest")
    func popularByRating() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "unrated-new.jpg")
        try folder.copyCorpus("full.jpg", to: "rated-4.jpg")
        try folder.copyCorpus("rotated.jpg", to: "taken-2022.jpg")
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.context())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 3))
        #expect(photos.map(\.id) == ["rated-4.jpg", "unrated-new.jpg", "taken-2022.jpg"])
    }
}
