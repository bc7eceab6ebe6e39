import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// An index that cannot be written is said on the provider's status line, not only in `--verbose`.
/// Tests run as root, which ignores permissions: a file stands where the cache folder should be,
/// and a folder where the index file should be.
@Suite("Local folder: a note when the index is off")
struct IndexNoteTests {
    let folder: PhotoFolder
    /// Where the cache folder is named; each test decides what stands there.
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("vf-cache-\(UUID().uuidString)")

    init() throws {
        folder = try PhotoFolder()
        try folder.copyCorpus("full.jpg", to: "harbour-one.jpg")
    }

    func cleanUp() {
        folder.remove()
        try? FileManager.default.removeItem(at: cache)
    }

    /// The ids of the photos a search streams, and the notes of its pages.
    func search() async throws -> (ids: [String], notes: [String]) {
        var context = ProviderConformance.makeContext()
        context.cacheDirectory = cache
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: context)
        var ids: [String] = []
        var notes: [String] = []
        for try await page in provider.pages(for: SearchRequest(.search("harbour"), limit: 10)) {
            ids += page.photos.map(\.id)
            notes += page.note.map { [$0] } ?? []
        }
        return (ids, notes)
    }

    @Test("a file where the cache folder should be: the photos are found and the page says the index is off")
    func cacheFolderIsAFile() async throws {
        defer { cleanUp() }
        try Data("x".utf8).write(to: cache)
        let result = try await search()
        #expect(result.ids == ["harbour-one.jpg"])
        let note = try #require(result.notes.first)
        #expect(result.notes.count == 1)
        #expect(note.hasPrefix("index off: cannot create the folder \(cache.path)"), "\(note)")
        #expect(note.contains("Not a directory"), "\(note)")
        #expect(note.hasSuffix("; every search reads every file"), "\(note)")
    }

    @Test("a folder where the index file should be: said on every search; a writable cache says nothing")
    func indexIsAFolder() async throws {
        defer { cleanUp() }
        let index = LocalIndex.location(for: folder.url, in: cache)
        try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
        for _ in 0..<2 {
            let result = try await search()
            #expect(result.ids == ["harbour-one.jpg"])
            #expect(result.notes.count == 1)
            #expect(result.notes.first?.contains(index.path) == true, "\(result.notes)")
        }
        try FileManager.default.removeItem(at: index)
        #expect(try await search().notes.isEmpty)
        #expect(try await search().notes.isEmpty)  // the index reused
    }
}
