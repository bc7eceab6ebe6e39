import Foundation
import LocalFolderProvider
import ProviderKit
import Testing

@testable import WebView

/// Camera RAWs are shown by their embedded JPEG previews, sent as they are: `serve`'s
/// `/local/<id>` sends the largest, the gallery file's grid carries the grid's.
@Suite("Local RAW photos shown by their previews")
struct RAWPreviewServeTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LocalFolderProviderTests/Corpus/raw")

    /// What `serve` is given by the command line.
    static let largest: LocalRAWPreview = { file in
        RAWPreviews.forFullScreen((try? RAWPreviews.find(in: file)) ?? []).map { ($0.offset, $0.length) }
    }

    /// The preview of `name` picked by `pick`, and its bytes.
    static func preview(_ name: String, _ pick: ([RAWPreview]) -> RAWPreview?) throws -> [UInt8] {
        let path = corpus.appendingPathComponent(name).path
        let preview = try #require(pick(try RAWPreviews.find(in: FileBytes(path: path))))
        return try FileBytes(path: path).read(preview.offset, preview.length)
    }

    @Test("serve sends a RAW's largest preview as a JPEG; a RAW without one is not found; a TIFF is sent whole")
    func servedAsPreview() async throws {
        let tiff = ExiftoolComparisonFolder.file("full.tif")
        try await ServeFixture.withServer(rawPreview: Self.largest) { port, _, ids in
            let cases: [(String, String, [UInt8]?)] = [
                (
                    Self.corpus.appendingPathComponent("raw-sony.arw").path, "image/jpeg",
                    try Self.preview("raw-sony.arw", RAWPreviews.forFullScreen)
                ),
                (
                    Self.corpus.appendingPathComponent("raw-canon.cr3").path, "image/jpeg",
                    try Self.preview("raw-canon.cr3", RAWPreviews.forFullScreen)
                ),
                (Self.corpus.appendingPathComponent("raw-olympus.orf").path, "", nil),
                (tiff.path, "image/tiff", [UInt8](try Data(contentsOf: tiff))),
            ]
            for (path, type, body) in cases {
                let id = ids.id(for: FileSystemPath(bytes: Array(path.utf8)))
                let served = await ServeFixture.answer(
                    "GET /local/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
                guard let body else {
                    #expect(served.head.hasPrefix("HTTP/1.1 404"), "\(path): \(served.head)")
                    continue
                }
                #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(path): \(served.head)")
                #expect(served.head.lowercased().contains("content-type: \(type)"), "\(served.head)")
                #expect(served.body == body, "\(path)")
            }
        }
    }

    @Test("the gallery's thumbnail of a RAW is its grid preview's bytes")
    func galleryThumbnail() async throws {
        let path = FileSystemPath(bytes: Array(Self.corpus.appendingPathComponent("raw-canon.cr2").path.utf8))
        let found = await EmbeddedThumbnail.jpegs(atPaths: [path])
        #expect(found[path] == (try Self.preview("raw-canon.cr2", RAWPreviews.forGrid)))
    }
}

/// The local folder tests' corpus of ordinary images.
enum ExiftoolComparisonFolder {
    static func file(_ name: String) -> URL {
        RAWPreviewServeTests.corpus.deletingLastPathComponent().appendingPathComponent(name)
    }
}
