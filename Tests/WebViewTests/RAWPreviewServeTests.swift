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

    /// What `serve` is given by the command line: the preview `pick` chooses, for a RAW.
    static func served(_ file: FileBytes, _ pick: ([RAWPreview]) -> RAWPreview?) -> LocalRAWImage {
        do {
            guard let previews = try RAWPreviews.findInRAW(file) else { return .notRAW }
            return pick(previews).map { .preview(offset: $0.offset, length: $0.length) } ?? .noPreview
        } catch {
            return .noPreview
        }
    }

    static let largest: LocalRAWPreview = { file in served(file, RAWPreviews.forFullScreen) }

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

    @Test(
        "a RAW without a JPEG preview (TIFF-shaped MOS, MEF, DCR; ORF) is a 404 saying so, grid and full view alike, never its raw data"
    )
    func rawWithoutPreview() async throws {
        let raws = ["raw-leaf.mos", "raw-mamiya.mef", "raw-kodak.dcr", "raw-hasselblad.3fr", "raw-olympus.orf"]
        let files = raws.map { Self.corpus.appendingPathComponent($0).path }
        try await ServeFixture.withServer(rawPreview: Self.largest, rawGridPreview: Self.grid) { port, _, ids in
            for path in files {
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
                let id = ids.id(for: FileSystemPath(bytes: Array(path.utf8)))
                for suffix in ["", "-grid"] {
                    let served = await ServeFixture.answer(
                        "GET /local/\(id)\(suffix) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
                        port: port)
                    #expect(served.head.hasPrefix("HTTP/1.1 404"), "\(path)\(suffix): \(served.head)")
                    #expect(
                        String(decoding: served.body, as: UTF8.self).contains("no JPEG preview"), "\(path)\(suffix)")
                }
            }
        }
    }

    /// The grid's pick `serve` is given by the command line.
    static let grid: LocalRAWPreview = { file in served(file, RAWPreviews.forGrid) }

    /// exiftool's extraction (`exiftool -b`) of `tag` from the corpus file `name`.
    static func exiftoolPreview(_ name: String, _ tag: String) throws -> [UInt8] {
        let data = try Data(contentsOf: corpus.appendingPathComponent("exiftool-previews.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        let value = try #require(json[name]?[tag])
        return [UInt8](try #require(Data(base64Encoded: String(value.dropFirst("base64:".count)))))
    }

    @Test(
        "serve sends the preview exiftool finds in a maker note (Olympus, Sony), in RW2's IFD0 or a CRW's heap, grid and full view"
    )
    func servedMakerNotePreviews() async throws {
        try await ServeFixture.withServer(rawPreview: Self.largest, rawGridPreview: Self.grid) { port, _, ids in
            let cases = [
                ("raw-olympus-preview.orf", "PreviewImage"), ("raw-sony-makernote.arw", "PreviewImage"),
                ("raw-panasonic.rw2", "JpgFromRaw"), ("raw-canon.crw", "JpgFromRaw"),
                ("raw-olympus-old-note.orf", "PreviewImage"), ("raw-om-system.orf", "PreviewImage"),
            ]
            for (name, tag) in cases {
                let expected = try Self.exiftoolPreview(name, tag)
                let id = ids.id(for: FileSystemPath(bytes: Array(Self.corpus.appendingPathComponent(name).path.utf8)))
                for suffix in ["", "-grid"] {
                    let served = await ServeFixture.answer(
                        "GET /local/\(id)\(suffix) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
                        port: port)
                    #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(name)\(suffix): \(served.head)")
                    #expect(served.head.lowercased().contains("content-type: image/jpeg"), "\(served.head)")
                    #expect(served.body == expected, "\(name)\(suffix): exiftool's \(tag)")
                }
            }
        }
    }

    /// A grid's pick that differs from the full-screen one on the corpus's tiny previews (all
    /// under 256 px, where ``RAWPreviews/forGrid(_:)`` takes the largest too): the smallest.
    static let smallest: LocalRAWPreview = { file in served(file, \.first) }

    @Test("the served grid asks for /local/<id>-grid: a RAW's grid preview; any other file, a redirect to itself")
    func servedGrid() async throws {
        let raw = Self.corpus.appendingPathComponent("raw-sony.arw").path
        let tiff = ExiftoolComparisonFolder.file("full.tif").path
        let grid = try Self.preview("raw-sony.arw") { $0.first }
        #expect(grid != (try Self.preview("raw-sony.arw", RAWPreviews.forFullScreen)))  // two previews to tell apart
        try await ServeFixture.withServer(rawPreview: Self.largest, rawGridPreview: Self.smallest) { port, _, ids in
            let rawID = ids.id(for: FileSystemPath(bytes: Array(raw.utf8)))
            let served = await ServeFixture.answer(
                "GET /local/\(rawID)-grid HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(served.head)")
            #expect(served.body == grid)
            let tiffID = ids.id(for: FileSystemPath(bytes: Array(tiff.utf8)))
            let other = await ServeFixture.answer(
                "GET /local/\(tiffID)-grid HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port
            )
            #expect(other.head.hasPrefix("HTTP/1.1 303"), "\(other.head)")
            #expect(other.head.lowercased().contains("location: /local/\(tiffID)\r\n"), "\(other.head)")
            let unknown = await ServeFixture.answer(
                "GET /local/0123456789abcdef0123456789abcdef-grid HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "Connection: close\r\n\r\n", port: port)
            #expect(unknown.head.hasPrefix("HTTP/1.1 404"), "\(unknown.head)")
        }
    }

    @Test("a served local photo offers its grid image and its full-screen image, both the server's own")
    func servedPhotoImages() throws {
        let ids = LocalPhotoIDs()
        let path = Self.corpus.appendingPathComponent("raw-sony.arw").path
        let url = URL(fileURLWithPath: path)
        let photo = Photo(
            provider: "local", id: "raw-sony.arw", pageURL: url, images: [PhotoImage(size: .original, url: url)],
            filePath: path)
        let served = WebServer.served(photo, ids: ids)
        let id = ids.id(for: FileSystemPath(bytes: Array(path.utf8)))
        #expect(served.thumbnail?.url.relativeString == "/local/\(id)-grid")
        #expect(served.largestImage?.url.relativeString == "/local/\(id)")
        #expect(SafeLink.servedLocal(served.thumbnail?.url) == "/local/\(id)-grid")
        #expect(served.filePath == nil && served.pageURL == nil)
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
