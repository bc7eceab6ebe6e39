import Foundation
import GRDB
import Testing

@testable import Downloads

@Suite("The download archive writes its entries in batches")
struct DownloadArchiveTests {
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "viewfinder-archive-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func entry(_ number: Int) -> DownloadArchive.Entry {
        DownloadArchive.Entry(
            provider: "p", id: "\(number)", file: "p/\(number).jpg", checksum: "xxh128:00", credit: nil, bytes: 1000)
    }

    @Test("a full batch is written at once, the rest at flush, each entry with the time it was recorded")
    func batches() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try DownloadArchive(directory: folder)
        let before = Date().timeIntervalSince1970
        let count = DownloadArchive.batchSize + 8
        for number in 0..<count { archive.record(Self.entry(number)) }

        // Another reader of the file sees the written batch only.
        #expect(try DownloadArchive(directory: folder).entries().count == DownloadArchive.batchSize)
        try archive.flush()
        let entries = try DownloadArchive(directory: folder).entries()
        #expect(Set(entries.map(\.id)) == Set((0..<count).map(String.init)))
        #expect(entries.allSatisfy { ($0.downloadedAt ?? 0) >= before.rounded(.down) && $0.bytes == 1000 })
        try archive.flush()  // nothing left: writes nothing, fails nothing
        #expect(try DownloadArchive(directory: folder).entries().count == count)
    }

    @Test("a batch that cannot be written waits for the flush, which names its files")
    func failedBatch() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try DownloadArchive(directory: folder)
        // Another program breaks the file under the running archive.
        let other = try DatabaseQueue(path: folder.appendingPathComponent(DownloadArchive.fileName).path)
        try other.write { try $0.execute(sql: "DROP TABLE downloads") }
        for number in 0..<(DownloadArchive.batchSize + 1) { archive.record(Self.entry(number)) }
        do {
            try archive.flush()
            Issue.record("the flush wrote into a dropped table")
        } catch {
            #expect(
                error.message.hasPrefix(
                    "cannot record \(DownloadArchive.batchSize + 1) downloaded files (p/0.jpg, p/1.jpg, p/2.jpg, …)"))
            #expect(error.message.contains("a re-run records them"))
        }
    }
}
