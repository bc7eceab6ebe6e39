import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// The on-disk index: what is reused, what is read again, and what is never trusted.
@Suite("Local folder: on-disk index")
struct LocalIndexTests {
    let folder: PhotoFolder
    let cache: URL
    let logs = CapturingLogHandler.Store()

    init() throws {
        folder = try PhotoFolder()
        cache = FileManager.default.temporaryDirectory.appendingPathComponent("vf-cache-\(UUID().uuidString)")
        try folder.copyCorpus("full.jpg", to: "a/harbour-one.jpg")
        try folder.copyCorpus("iptc-only.jpg", to: "b.jpg")
        try folder.copyPlain(to: "harbour-plain.jpg")
        try folder.write("notes.txt", Data("not an image".utf8))
    }

    /// Searches `query`, returning the ids found and the `--verbose` summary line.
    func search(_ query: String) async throws -> (ids: [String], summary: String) {
        var context = ProviderConformance.makeContext(logs: logs)
        context.cacheDirectory = cache
        var logger = CapturingLogHandler.logger(logs)
        logger.logLevel = .debug
        context.logger = logger
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: context)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search(query), limit: 50))
        return (photos.map(\.id), logs.all.last { $0.contains("local: ") } ?? "")
    }

    var indexFiles: [URL] {
        let folder = cache.appendingPathComponent("local-folder")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).map {
            folder.appendingPathComponent($0)
        }
    }

    @Test("a repeat search reads nothing again and finds the same photos")
    func reuse() async throws {
        defer { cleanUp() }
        let first = try await search("harbour")
        #expect(first.summary.contains("4 read, 0 from the index"))
        let second = try await search("harbour")
        #expect(second.summary.contains("0 read, 4 from the index"))
        #expect(second.ids == first.ids)
        #expect(second.ids == ["a/harbour-one.jpg", "harbour-plain.jpg"])
        #expect(indexFiles.count == 1)
        // Private to the user: an index holds GPS positions, keywords and file names.
        let mode = { (url: URL) in
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(indexFiles.map(mode) == [0o600])
        #expect(mode(cache.appendingPathComponent("local-folder")) == 0o700)
    }

    @Test("a changed file is read again, a new one is read, a removed one is dropped")
    func changes() async throws {
        defer { cleanUp() }
        _ = try await search("harbour")
        try folder.copyCorpus("full.jpg", to: "b.jpg")  // now has harbour keywords, different size
        try folder.copyCorpus("full.png", to: "c.png")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("harbour-plain.jpg"))
        let after = try await search("harbour")
        #expect(after.summary.contains("2 read, 2 from the index"))
        #expect(Set(after.ids) == ["a/harbour-one.jpg", "b.jpg", "c.png"])
        let again = try await search("harbour")
        #expect(again.summary.contains("0 read, 4 from the index"))
    }

    @Test("a file edited in place to the same size (a word swapped for another as long) is read again")
    func sameSizeEdit() async throws {
        defer { cleanUp() }
        try folder.copyCorpus("full.jpg", to: "edited.jpg")
        let file = folder.url.appendingPathComponent("edited.jpg")
        #expect(try await search("lighthouse").ids.contains("edited.jpg") == false)
        #expect(try await search("breakwater").ids.contains("edited.jpg"))
        let original = try Data(contentsOf: file)
        var bytes = [UInt8](original)
        let word = Array("breakwater".utf8)
        let replacement = Array("lighthouse".utf8)
        var replaced = 0
        for index in 0...(bytes.count - word.count) where Array(bytes[index..<index + word.count]) == word {
            bytes.replaceSubrange(index..<index + word.count, with: replacement)
            replaced += 1
        }
        try #require(replaced > 0 && bytes.count == original.count)
        let modified = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        try Data(bytes).write(to: file)
        // A later edit, as a person's would be; the size is unchanged, so only the time tells.
        try FileManager.default.setAttributes(
            [.modificationDate: modified.addingTimeInterval(2)], ofItemAtPath: file.path)
        let after = try await search("lighthouse")
        #expect(after.ids.contains("edited.jpg"), "\(after.summary)")
        #expect(after.summary.contains("1 read, 4 from the index"), "\(after.summary)")
        #expect(try await search("breakwater").ids.contains("edited.jpg") == false)
    }

    @Test("a corrupt, truncated or foreign index is rebuilt, never trusted")
    func untrusted() async throws {
        defer { cleanUp() }
        _ = try await search("harbour")
        let index = try #require(indexFiles.first)
        var bytes = [UInt8](try Data(contentsOf: index))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: index)
        let corrupt = try await search("harbour")
        #expect(corrupt.summary.contains("4 read, 0 from the index (rebuilt"))
        #expect(corrupt.ids == ["a/harbour-one.jpg", "harbour-plain.jpg"])

        try Data(bytes.prefix(20)).write(to: index)
        #expect(try await search("harbour").summary.contains("4 read, 0 from the index (rebuilt"))

        // Another folder's valid index placed where this folder's belongs.
        let other = try PhotoFolder()
        defer { other.remove() }
        try other.copyCorpus("full.jpg", to: "harbour-elsewhere.jpg")
        var context = ProviderConformance.makeContext()
        context.cacheDirectory = cache.appendingPathComponent("other")
        let provider = try LocalFolderFactory().makeProvider(
            name: "o", options: .init(path: other.url.path), context: context)
        _ = try await ProviderConformance.collect(provider, SearchRequest(.search("harbour"), limit: 5))
        let foreign = try #require(
            try FileManager.default.contentsOfDirectory(
                atPath: context.cacheDirectory.appendingPathComponent("local-folder").path
            ).first)
        try FileManager.default.removeItem(at: index)
        try FileManager.default.copyItem(
            at: context.cacheDirectory.appendingPathComponent("local-folder").appendingPathComponent(foreign), to: index
        )
        let afterForeign = try await search("harbour")
        #expect(afterForeign.summary.contains("4 read, 0 from the index (rebuilt"))
        #expect(afterForeign.ids == ["a/harbour-one.jpg", "harbour-plain.jpg"])
    }

    @Test("an index with a valid checksum whose records lie about their lengths is rebuilt, never trusted")
    func sealedButLying() async throws {
        defer { cleanUp() }
        _ = try await search("harbour")
        let index = try #require(indexFiles.first)
        var bytes = [UInt8](try Data(contentsOf: index))
        let header = LocalIndex.header(root: folder.url.standardizedFileURL.path, count: 0).count
        #expect(Array(bytes.prefix(8)) == LocalIndex.magic)
        bytes[header + 4] = 0xFF  // the first record's path length, far past the record's end
        bytes[header + 5] = 0xFF
        let sum = LocalIndex.checksum(head: bytes[0..<header], records: bytes[header..<bytes.count - 8])
        withUnsafeBytes(of: sum.littleEndian) { bytes.replaceSubrange(bytes.count - 8..<bytes.count, with: $0) }
        try Data(bytes).write(to: index)
        let lying = try await search("harbour")
        #expect(lying.summary.contains("4 read, 0 from the index (rebuilt"))
        #expect(lying.ids == ["a/harbour-one.jpg", "harbour-plain.jpg"])
    }

    @Test("a date taken keeps its offset, or its lack of one, through the index")
    func datesRoundTrip() throws {
        defer { cleanUp() }
        var records: [UInt8] = []
        for (name, text) in [("a.jpg", "2021-04-11T15:47:53-05:00"), ("b.jpg", "2021-04-11T15:47:53")] {
            var metadata = ImageMetadata(format: "jpeg")
            metadata.takenAt = DateTime.parse(text)
            IndexRecord.append(
                relativePath: Array(name.utf8), size: 1, modifiedNanoseconds: 1, format: .jpeg, metadata: metadata,
                to: &records)
        }
        let second = try #require(IndexRecord.validLength(at: 0, in: records.withUnsafeBytes { $0 }))
        let catalog = FolderCatalog(records: records, offsets: [0, second])
        let files = catalog.popular(limit: 2, root: "/r")
        // Newest first: 20:47:53 UTC, then the local 15:47:53.
        #expect(
            files.map { $0.metadata?.takenAt?.description } == ["2021-04-11T15:47:53-05:00", "2021-04-11T15:47:53"])
    }

    @Test("infinities and NaNs in a well-sealed index are read as absent: no output format can carry them")
    func nonFiniteNumbers() throws {
        defer { cleanUp() }
        var metadata = ImageMetadata(format: "jpeg")
        metadata.rating = .infinity
        metadata.latitude = .nan
        metadata.longitude = -.infinity
        metadata.takenAt = DateTime.parse("2021-04-11T15:47:53")
        var records: [UInt8] = []
        IndexRecord.append(
            relativePath: Array("harbour.jpg".utf8), size: 1, modifiedNanoseconds: 1, format: .jpeg, metadata: metadata,
            to: &records)
        // The date taken: an infinite sort key in the header, a reading past year 9999 in the metadata.
        withUnsafeBytes(of: Double.infinity.bitPattern.littleEndian) { records.replaceSubrange(40..<48, with: $0) }
        let searchLength = Int(records[8]) | Int(records[9]) << 8
        // After the format, three absent numbers and the reading's presence flag.
        let reading = IndexRecord.headerSize + "harbour.jpg".utf8.count + searchLength + 12 + 3 + 1
        withUnsafeBytes(of: Int64.max.littleEndian) { records.replaceSubrange(reading..<reading + 8, with: $0) }
        var file = LocalIndex.header(root: "/r", count: 1)
        let sum = LocalIndex.checksum(head: file, records: records)
        file += records
        withUnsafeBytes(of: sum.littleEndian) { file += $0 }
        let catalog = try #require(LocalIndex.catalog(from: file, root: "/r"))
        let found = try #require(catalog.popular(limit: 1, root: "/r").first)
        #expect(found.metadata?.rating == nil)
        #expect(found.metadata?.latitude == nil)
        #expect(found.metadata?.longitude == nil)
        #expect(found.metadata?.takenAt == nil)
        catalog.withRecords { record in
            #expect(record(0).rating == nil)
            #expect(record(0).takenAt == nil)
        }
    }

    @Test("a file moved to another folder is read again under its new path; the others are reused")
    func movedFiles() async throws {
        defer { cleanUp() }
        _ = try await search("harbour")
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("b.jpg"), to: folder.url.appendingPathComponent("a/b.jpg"))
        let moved = try await search("harbour")
        #expect(moved.summary.contains("1 read, 3 from the index"))
        #expect(moved.ids == ["a/harbour-one.jpg", "harbour-plain.jpg"])
    }

    @Test("searches running at once all succeed and leave a valid index")
    func concurrentSearches() async throws {
        defer { cleanUp() }
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<6 { group.addTask { try await search("harbour").ids } }
            for try await ids in group { #expect(ids == ["a/harbour-one.jpg", "harbour-plain.jpg"]) }
        }
        #expect(indexFiles.count == 1)  // no temporary files left behind
        #expect(try await search("harbour").summary.contains("0 read, 4 from the index"))
    }

    func cleanUp() {
        folder.remove()
        try? FileManager.default.removeItem(at: cache)
    }
}
