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
        let bytes = try #require(await BrowsePictures(http: CurlHTTPClient(userAgent: "test")).encoded(for: photo))
        #expect(bytes.prefix(2) == [0xFF, 0xD8])
        #expect(bytes.count <= (try Data(contentsOf: file)).count)
    }

    @Test("a remote photo's smallest image comes through the HTTP client from a loopback host; a refused one is nil")
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
        #expect(await pictures.encoded(for: photo) == Array(try Data(contentsOf: sample)))
        let missing = Photo(
            provider: "web", id: "2", images: [PhotoImage(size: .thumbnail, url: URL(string: "http://127.0.0.1:1/x")!)])
        #expect(await pictures.encoded(for: missing) == nil)
        let none = Photo(provider: "web", id: "3")
        #expect(await pictures.encoded(for: none) == nil)
    }
}
