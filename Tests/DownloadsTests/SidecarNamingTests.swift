import Foundation
import ProviderKit
import ProviderTesting
import ServiceBus
import Testing

@testable import Downloads
@testable import LocalFolderProvider

/// Sidecars the downloads write, as a `local-folder` reads them back: the writer names each
/// `NAME.EXT.xmp`, and the reader (``FolderListing/sidecarKey(for:hasSidecar:hasFile:)``) must
/// never give one photo another's sidecar, whatever two names the writer made (issue 36).
@Suite("Sidecar names: written and read back")
struct SidecarNamingTests {
    /// Every file name the writer can give, from its own naming code: titles that end in
    /// extensions, templates with and without `{ext}`, numbered collisions, and each extension a
    /// download can get (and a local photo's own).
    static let writtenNames: [String] = {
        let titles = ["x", "x.jpg", "x.jpg.jpg", "X.JPG", "x.xmp", "x.png", "x-2", "x.jpeg"]
        let templates = ["{title}.{ext}", "{title}", "{title}.jpg"]
        let extensions = ImageType.producedExtensions + ["jpeg", "cr2", "bin"]
        var names: Set<String> = []
        for template in templates.map(FileNameTemplate.init) {
            for title in titles {
                let name = template.name(for: Photo(provider: "web", id: "1", title: title))
                for variant in [name, name.numbered(2), name.numbered(3)] {
                    for fileExtension in extensions { names.insert(variant.file(fileExtension)) }
                }
            }
        }
        return names.sorted()
    }()

    /// The sidecar the reader gives the photo `file`, in a folder of `files` and `sidecars`
    /// (paths of sidecars, as written).
    static func sidecar(of file: String, files: Set<String>, sidecars: Set<String>) -> String? {
        let keys = Set(sidecars.map { Array($0.utf8.dropLast(4)) })
        let names = Set(files.map { Array($0.utf8) })
        return FolderListing.sidecarKey(for: Array(file.utf8), hasSidecar: keys.contains, hasFile: names.contains)
            .map { String(decoding: $0, as: UTF8.self) + ".xmp" }
    }

    @Test("for every pair of written names, each photo gets its own sidecar, and never the other's")
    func everyPairOfWrittenNames() {
        let names = Self.writtenNames
        #expect(names.count > 400)
        #expect(names.contains("x.jpg") && names.contains("x.jpg.jpg") && names.contains("x-2.jpg"))
        // Each name as bytes, and its sidecar's path without `.xmp` as the reader keys it.
        let files = names.map { Array($0.utf8) }
        let keys = names.map { Array(XMPSidecar.fileName(forImage: $0).utf8.dropLast(4)) }
        var wrong: [String] = []
        for first in files.indices {
            for second in files.indices where second != first {
                let bothFiles = { (path: [UInt8]) in path == files[first] || path == files[second] }
                // Both sidecars written: each photo gets its own.
                let found = FolderListing.sidecarKey(
                    for: files[first], hasSidecar: { $0 == keys[first] || $0 == keys[second] }, hasFile: bothFiles)
                if found != keys[first] { wrong.append("\(names[first]) beside \(names[second])") }
                // Only the other's sidecar there (this one's was never written): this photo has none.
                if let taken = FolderListing.sidecarKey(
                    for: files[first], hasSidecar: { $0 == keys[second] }, hasFile: bothFiles)
                {
                    wrong.append(
                        "\(names[first]) took \(String(decoding: taken, as: UTF8.self)).xmp beside \(names[second])")
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
    }

    @Test("Lightroom's NAME.xmp serves NAME.CR2 and its JPEG, unless a file named NAME is there")
    func lightroomSidecars() {
        let sidecars: Set = ["IMG_0001.xmp"]
        #expect(Self.sidecar(of: "IMG_0001.CR2", files: ["IMG_0001.CR2"], sidecars: sidecars) == "IMG_0001.xmp")
        let pair: Set = ["IMG_0001.CR2", "IMG_0001.JPG"]
        #expect(Self.sidecar(of: "IMG_0001.JPG", files: pair, sidecars: sidecars) == "IMG_0001.xmp")
        // `IMG_0001.xmp` is the file `IMG_0001`'s own sidecar then.
        let ambiguous: Set = ["IMG_0001.CR2", "IMG_0001"]
        #expect(Self.sidecar(of: "IMG_0001.CR2", files: ambiguous, sidecars: sidecars) == nil)
        #expect(Self.sidecar(of: "IMG_0001", files: ambiguous, sidecars: sidecars) == "IMG_0001.xmp")
        // A photo's own NAME.EXT.xmp wins, and a hidden name has no extension to drop.
        let own: Set = ["IMG_0001.xmp", "IMG_0001.CR2.xmp"]
        #expect(Self.sidecar(of: "IMG_0001.CR2", files: ["IMG_0001.CR2"], sidecars: own) == "IMG_0001.CR2.xmp")
        #expect(Self.sidecar(of: "a/.hidden", files: ["a/.hidden"], sidecars: ["a/.xmp"]) == nil)
    }

    @Test("photos titled x, x.jpg and x.jpg.jpg downloaded into one folder are each found with their own title")
    func downloadedAndReadBack() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let titles = ["x", "x.jpg", "x.jpg.jpg"]
        let photos = titles.enumerated().map { number, title in
            fixture.photo("t\(number)", url: fixture.url("/img/t\(number)"), title: title)
        }
        let options = DownloadOptions(directory: fixture.folder, settings: DownloadSettings(filename: "{title}.{ext}"))
        let outcomes = try await fixture.downloader(options).run(photos)
        let files = outcomes.compactMap { outcome -> String? in
            if case .downloaded(let file, _) = outcome.result { file } else { nil }
        }
        #expect(files == ["x.jpg", "x-2.jpg", "x.jpg.jpg"])
        #expect(fixture.files().filter { $0.hasSuffix(".xmp") } == ["x-2.jpg.xmp", "x.jpg.jpg.xmp", "x.jpg.xmp"])

        var context = ProviderConformance.makeContext()
        context.cacheDirectory = fixture.folder.appendingPathComponent(".cache")
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: fixture.folder.path), context: context)
        let found = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 10))
        let titleByFile = Dictionary(found.map { ($0.id, $0.title ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(titleByFile == ["x.jpg": "x", "x-2.jpg": "x.jpg", "x.jpg.jpg": "x.jpg.jpg"])
    }
}
