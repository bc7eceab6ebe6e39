import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// Folders that try to hang, crash or confuse the walk and the metadata readers.
@Suite("Local folder: hostile folders")
struct HostileFolderTests {
    @Test(
        "loops, FIFOs, empty, truncated and lying files and undecodable names are read safely or skipped, and counted")
    func hostileFolder() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyCorpus("full.jpg", to: "deep/er/harbor-ok.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("deep/er/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("loop-to-top").path, withDestinationPath: folder.url.path)
        try folder.write("harbor-empty.jpg", Data())
        try folder.write("harbor-truncated.jpg", Data(try Data(contentsOf: PhotoFolder.plainJPEG).prefix(40)))
        try folder.write(  // an APP1 segment whose length points past the end of the file
            "harbor-badlength.jpg", Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0] + Array("Exif\0\0MM\0*\0\0\0\u{8}".utf8)))
        try folder.write(  // a PNG whose first chunk claims 3 GB
            "harbor-huge.png",
            Data(
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xC0, 0, 0, 0] + Array("IHDR".utf8)
                    + [UInt8](repeating: 0, count: 20)))
        try folder.write(  // EXIF whose directories point at each other
            "harbor-exifloop.jpg",
            Data(
                [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x26] + Array("Exif\0\0MM\0*\0\0\0\u{8}".utf8) + [
                    0, 1, 0x87, 0x69, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8,
                ]
                    + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0xD9]))
        #expect(mkfifo(folder.url.appendingPathComponent("harbor-fifo.jpg").path, 0o644) == 0)
        let rawName = Array(folder.url.path.utf8) + Array("/harbor-caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let descriptor = rawName.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)

        let logs = CapturingLogHandler.Store()
        let context = folder.verboseContext(logs: logs)
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: context)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 50))
        #expect(
            Set(photos.map(\.id)) == [
                "deep/er/harbor-ok.jpg", "harbor-truncated.jpg", "harbor-badlength.jpg", "harbor-huge.png",
                "harbor-exifloop.jpg",
            ])
        #expect(photos.first?.id == "deep/er/harbor-ok.jpg")  // the one with real metadata ranks first
        let line = try #require(logs.all.first { $0.contains("local: ") })
        // Bad length, huge chunk and the file cut inside a segment are errors (exiftool reads none
        // of them either); the EXIF loop ends that chain only. All are still listed.
        #expect(line.contains("5 images, 3 with unreadable metadata"))
        #expect(line.contains("2 other files"))  // the empty files, one named in Latin-1
        #expect(line.contains("1 name not UTF-8"))
        #expect(line.contains("2 symbolic links"))
    }

    @Test("a folder nested a thousand levels deep is walked without trouble")
    func deepNesting() async throws {
        let folder = try PhotoFolder()
        let deep = (0..<1000).map { _ in "d" }.joined(separator: "/")
        try await BlockingExecutor.shared.run { _ in try folder.copyPlain(to: deep + "/harbor-deep.jpg") }
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.context())
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 5))
        #expect(photos.map(\.id) == [deep + "/harbor-deep.jpg"])
        try await BlockingExecutor.shared.run { _ in folder.remove() }
    }
}
