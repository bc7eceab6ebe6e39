import Foundation
import LocalFolderProvider
import ProviderKit
import ProviderTesting
import Testing

@Suite("Local folder: finding photos by name")
struct LocalFolderSearchTests {
    func search(
        _ folder: PhotoFolder, _ query: String, recursive: Bool = true, limit: Int = 50
    ) async throws -> [Photo] {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path, recursive: recursive),
            context: ProviderConformance.makeContext())
        return try await ProviderConformance.collect(provider, SearchRequest(.search(query), limit: limit))
    }

    @Test("every term must match a word of the file or folder names, ignoring case and diacritics")
    func allTermsCaseAndDiacritics() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copySample("harbor-crane-fog.jpg", to: "Café-Terrace-ÉVENING.jpg")
        try folder.copySample("harbor-crane-fog.jpg", to: "cafe-morning.jpg")
        try folder.copySample("harbor-crane-fog.jpg", to: "Évenings/terrace.jpg")
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
        try folder.copySample("harbor-crane-fog.jpg", to: "harbors-at-night.jpg")
        try folder.copySample("harbor-crane-fog.jpg", to: "harbor/boats.jpg")
        try folder.copySample("harbor-crane-fog.jpg", to: "old-harbor.jpg")
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
        try folder.copySample("harbor-crane-fog.jpg", to: "trips/harbor_lighthouse-dusk.jpg")
        let photo = try #require(try await search(folder, "lighthouse").first)
        let path = folder.url.appendingPathComponent("trips/harbor_lighthouse-dusk.jpg").standardizedFileURL.path
        #expect(photo.filePath == path)
        #expect(photo.pageURL == URL(fileURLWithPath: path))
        #expect(photo.images.map(\.url) == [URL(fileURLWithPath: path)])
        #expect(photo.title == "Harbor lighthouse dusk")
        #expect(photo.provider == "local")
        #expect(photo.id == "trips/harbor_lighthouse-dusk.jpg")
        #expect(photo.takenAt == nil && photo.width == nil)  // nothing is invented before metadata is read
    }

    @Test("recursive: false looks only at the folder itself")
    func nonRecursive() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copySample("harbor-crane-fog.jpg", to: "harbor-top.jpg")
        try folder.copySample("harbor-crane-fog.jpg", to: "deeper/harbor-below.jpg")
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

    @Test("an empty path makes the instance unavailable rather than searching the current folder")
    func emptyPath() {
        #expect(throws: ProviderUnavailable.missingOption("path")) {
            try LocalFolderFactory().makeProvider(
                name: "l", options: .init(path: " "), context: ProviderConformance.makeContext())
        }
    }

    @Test("the popular feed lists the newest files first")
    func popularNewestFirst() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for (index, name) in ["old.jpg", "middle.jpg", "new.jpg"].enumerated() {
            try folder.copySample("harbor-crane-fog.jpg", to: name)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index) * 1000)],
                ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: ProviderConformance.makeContext())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 2))
        #expect(photos.map(\.id) == ["new.jpg", "middle.jpg"])
    }

    @Test("the bundled samples are found by the words in their names")
    func bundledSamples() async throws {
        let provider = try LocalFolderFactory().makeProvider(
            name: "samples", options: .init(path: PhotoFolder.samples.path), context: ProviderConformance.makeContext())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 30))
        #expect(photos.count == 4)
        #expect(photos.allSatisfy { $0.id.contains("harbor") })
    }
}
