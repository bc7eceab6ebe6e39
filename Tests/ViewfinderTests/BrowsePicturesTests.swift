import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import ViewfinderCommandLine

/// The fetching side of `browse`'s pictures: what the picture drawer is handed.
@Suite("browse's pictures are fetched from the photo's own source")
struct BrowsePicturesTests {
    @Test("a local JPEG gives its embedded thumbnail, or the file itself, as JPEG bytes")
    func local() async throws {
        let file = Workspace.samples.appendingPathComponent("harbor-crane-fog.jpg")
        let photo = Photo(provider: "samples", id: "1", filePath: file.path)
        let encoded = try #require(await BrowsePictures(http: CurlHTTPClient(userAgent: "test")).encoded(for: photo))
        let bytes = encoded.bytes
        #expect(encoded.orientation == 1)
        #expect(bytes.prefix(2) == [0xFF, 0xD8])
        #expect(bytes.count <= (try Data(contentsOf: file)).count)
    }

    @Test(
        "a remote photo's smallest image (the full-screen view's: its largest short of the original) comes through the HTTP client from a loopback host; a refused one is nil"
    )
    func remote() async throws {
        let sample = Workspace.samples.appendingPathComponent("beach-pier-blue-hour.jpg")
        let server = try await LoopbackServer.start(
            script: "Tests/DownloadsTests/download_server.py", arguments: [sample.path])
        defer { server.stop() }
        let pictures = BrowsePictures(http: CurlHTTPClient(userAgent: "test"))
        let photo = Photo(
            provider: "web", id: "1",
            images: [
                PhotoImage(size: .large, url: server.url("/html/big")),
                PhotoImage(size: .thumbnail, url: server.url("/img/a")),
            ])
        #expect(await pictures.encoded(for: photo)?.bytes == Array(try Data(contentsOf: sample)))
        let sizes = Photo(
            provider: "web", id: "4",
            images: [
                PhotoImage(size: .original, url: server.url("/html/original")),
                PhotoImage(size: .large, url: server.url("/img/large")),
                PhotoImage(size: .thumbnail, url: server.url("/html/thumbnail")),
            ])
        #expect(
            await pictures.encoded(for: sizes, large: true)
                == BrowsePictures.Encoded(bytes: Array(try Data(contentsOf: sample)), orientation: 1))
        let onlyOriginal = Photo(provider: "web", id: "5", images: [PhotoImage(size: .original, url: server.url("/o"))])
        #expect(BrowsePictures.largeImage(of: onlyOriginal)?.url == server.url("/o"))
        let missing = Photo(
            provider: "web", id: "2", images: [PhotoImage(size: .thumbnail, url: URL(string: "http://127.0.0.1:1/x")!)])
        #expect(await pictures.encoded(for: missing) == nil)
        let none = Photo(provider: "web", id: "3")
        #expect(await pictures.encoded(for: none) == nil)
    }

    /// A folder of the test's own with a copy of the sample `name`, changed by exiftool's `arguments`.
    private static func sampleCopy(_ name: String, exiftool arguments: [String]) throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Workspace.samples.appendingPathComponent(name), to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-q", "-overwrite_original"] + arguments + [file.path]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (folder, file)
    }

    @Test(
        "a local photo's orientation comes with its picture: the file's, and its embedded thumbnail's (stored as the photo is)",
        arguments: [3, 6, 8])
    func orientation(_ orientation: Int) async throws {
        let (folder, file) = try Self.sampleCopy("harbor-crane-fog.jpg", exiftool: ["-Orientation#=\(orientation)"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = BrowsePictures(http: CurlHTTPClient(userAgent: "test"))
        let photo = Photo(provider: "samples", id: "1", filePath: file.path)
        let whole = try #require(await pictures.encoded(for: photo))
        #expect(whole.orientation == orientation)
        #expect(whole.bytes == Array(try Data(contentsOf: file)))
        // With an EXIF thumbnail (another sample's pixels, made small), the preview draws it, turned the same.
        let thumbnail = folder.appendingPathComponent("thumbnail.jpg")
        try FileManager.default.copyItem(
            at: Workspace.samples.deletingLastPathComponent().appendingPathComponent(
                "Tests/LocalFolderProviderTests/Corpus/full.jpg"), to: thumbnail)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail.path)", file.path]
        try process.run()
        process.waitUntilExit()
        let preview = try #require(await pictures.encoded(for: photo))
        #expect(preview.bytes == Array(try Data(contentsOf: thumbnail)))
        #expect(preview.orientation == orientation)
        // The full-screen view draws the file itself.
        let large = try #require(await pictures.encoded(for: photo, large: true))
        #expect(large.bytes == Array(try Data(contentsOf: file)))
        #expect(large.orientation == orientation)
    }
}
