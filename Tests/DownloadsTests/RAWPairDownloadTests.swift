import Foundation
import ProviderKit
import ProviderTesting
import ServiceBus
import Testing

@testable import Downloads
@testable import LocalFolderProvider

/// Downloading a RAW+JPEG pair found in a real folder: both files, each with its own sidecar
/// (`NAME.EXT.xmp`), under one name; and the copies read back as one pair again.
@Suite("Downloads: RAW+JPEG pairs")
struct RAWPairDownloadTests {
    static let corpus = DownloadFixture.repository.appendingPathComponent("Tests/LocalFolderProviderTests/Corpus")

    /// The photos a `local-folder` search of `folder` finds (the popular feed).
    static func search(_ folder: URL, cache: URL) async throws -> [Photo] {
        var context = ProviderConformance.makeContext()
        context.cacheDirectory = cache
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.path), context: context)
        return try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 50))
    }

    @Test("a lone RAW keeps its own extension though it opens as a TIFF; a plain TIFF and a misnamed JPEG do not")
    func loneRAWExtension() {
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        func named(_ name: String) -> FileSystemPath { FileSystemPath(bytes: Array("/photos/\(name)".utf8)) }
        #expect(Downloader.localExtension(named("DSC_0001.NEF"), leading: tiff) == "nef")
        #expect(Downloader.localExtension(named("IMG_0001.cr2"), leading: tiff) == "cr2")
        #expect(Downloader.localExtension(named("scan.tiff"), leading: tiff) == "tif")
        #expect(Downloader.localExtension(named("holiday.nef"), leading: [0xFF, 0xD8, 0xFF, 0xE0]) == "jpg")
    }

    @Test("copied or linked, the JPEG and its RAW both land, each with its own sidecar, and read back as one pair")
    func bothFilesAndSidecars() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vf-pair-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let source = base.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let raw = source.appendingPathComponent("IMG_0001.CR2")
        try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent("raw/raw-canon.cr2"), to: raw)
        try FileManager.default.copyItem(at: DownloadFixture.jpeg, to: source.appendingPathComponent("IMG_0001.JPG"))
        try FileManager.default.copyItem(
            at: Self.corpus.appendingPathComponent("sidecars/licensed.xmp"),
            to: source.appendingPathComponent("IMG_0001.xmp"))
        let found = try await Self.search(source, cache: base.appendingPathComponent("cache"))
        let photo = try #require(found.first)
        #expect(found.count == 1 && photo.companionFiles.count == 1)

        for link in [false, true] {
            let target = base.appendingPathComponent(link ? "linked" : "copied")
            var options = DownloadOptions(directory: target)
            options.settings.filename = "{title}.{ext}"
            options.link = link
            let outcomes = try await Downloader(
                http: CurlHTTPClient(userAgent: "viewfinder-tests"), options: options
            ).run([photo])
            guard case .downloaded(let file, _) = outcomes.first?.result else {
                Issue.record("not downloaded: \(String(describing: outcomes.first?.result))")
                continue
            }
            #expect(file == "Pier at noon.jpg")
            let names = try FileManager.default.contentsOfDirectory(atPath: target.path).filter { !$0.hasPrefix(".") }
            #expect(
                Set(names).isSuperset(of: [
                    "Pier at noon.jpg", "Pier at noon.jpg.xmp", "Pier at noon.cr2", "Pier at noon.cr2.xmp",
                ]),
                "\(names.sorted())")
            let copiedRAW = target.appendingPathComponent("Pier at noon.cr2")
            #expect(try Data(contentsOf: copiedRAW) == Data(contentsOf: raw))
            let links = try FileManager.default.attributesOfItem(atPath: copiedRAW.path)[.referenceCount] as? Int
            #expect(links == (link ? 2 : 1))
            for sidecar in ["Pier at noon.jpg.xmp", "Pier at noon.cr2.xmp"] {
                let text = try String(contentsOf: target.appendingPathComponent(sidecar), encoding: .utf8)
                #expect(
                    text.contains("Pier at noon") && text.contains("creativecommons.org/licenses/by/4.0"), "\(sidecar)")
            }
            // Read back: one pair again, each file with its own sidecar.
            let again = try await Self.search(target, cache: base.appendingPathComponent("cache-\(link)"))
            #expect(again.map(\.id) == ["Pier at noon.jpg"])
            #expect(again.first?.companionFiles.map(\.lastPathComponent) == ["Pier at noon.cr2"])
            #expect(again.first?.license?.id == "CC-BY-4.0")
        }
    }
}
