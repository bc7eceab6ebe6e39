import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// RAW+JPEG pairs as cameras write them (`IMG_0001.CR2` beside `IMG_0001.JPG`): one result, the
/// JPEG shown and the RAW listed with it, from a first walk and from the index alike; real RAW
/// layouts of the corpus (Corpus/raw) and a real JPEG copied into a temporary folder.
@Suite("Local folder: RAW+JPEG pairs")
struct RAWPairTests {
    let folder: PhotoFolder
    let logs = CapturingLogHandler.Store()

    init() throws {
        folder = try PhotoFolder()
    }

    /// Copies the corpus RAW `name` (Corpus/raw) to `relativePath`.
    func copyRAW(_ name: String, to relativePath: String) throws {
        try folder.copyCorpus("raw/" + name, to: relativePath)
    }

    /// The photos `query` finds (the popular feed when empty), and the `--verbose` summary.
    func search(_ query: String) async throws -> (photos: [Photo], summary: String) {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.verboseContext(logs: logs))
        let operation: SearchRequest.Operation = query.isEmpty ? .popular : .search(query)
        let photos = try await ProviderConformance.collect(provider, SearchRequest(operation, limit: 50))
        return (photos, logs.all.last { $0.contains("local: ") } ?? "")
    }

    /// The paths of the RAWs listed with `photo`, below the folder.
    func companions(of photo: Photo) -> [String] {
        photo.companionFiles.map { String($0.path.dropFirst(folder.url.path.count + 1)) }
    }

    /// A folder of pairs and lone files: `IMG_0001` a CR2 with its JPEG, `IMG_0002` a lone NEF,
    /// `IMG_0003` a lone JPEG, `IMG_0004` an ORF in lower case beside its JPEG in upper case, and
    /// in `b/` a DNG beside a JPEG of another name.
    func makeFolder() throws {
        try copyRAW("raw-canon.cr2", to: "IMG_0001.CR2")
        try folder.copyPlain(to: "IMG_0001.JPG")
        try copyRAW("raw-nikon.nef", to: "IMG_0002.NEF")
        try folder.copyPlain(to: "IMG_0003.jpg")
        try copyRAW("raw-olympus.orf", to: "IMG_0004.orf")
        try folder.copyPlain(to: "IMG_0004.JPG")
        try copyRAW("raw-adobe.dng", to: "b/DSC_1.dng")
        try folder.copyPlain(to: "b/DSC_2.jpg")
    }

    @Test("a RAW beside its JPEG is one result, the JPEG shown and the RAW listed; lone files stay as they are")
    func pairsAreOneResult() async throws {
        defer { folder.remove() }
        try makeFolder()
        for pass in ["first walk", "from the index"] {
            let (photos, summary) = try await search("")
            let ids = photos.map(\.id).sorted()
            #expect(
                ids == ["IMG_0001.JPG", "IMG_0002.NEF", "IMG_0003.jpg", "IMG_0004.JPG", "b/DSC_1.dng", "b/DSC_2.jpg"],
                "\(pass)")
            var listed: [String: [String]] = [:]
            for photo in photos { listed[photo.id] = companions(of: photo) }
            #expect(listed["IMG_0001.JPG"] == ["IMG_0001.CR2"], "\(pass)")
            #expect(listed["IMG_0004.JPG"] == ["IMG_0004.orf"], "\(pass): the extensions' case does not matter")
            for lone in ["IMG_0002.NEF", "IMG_0003.jpg", "b/DSC_1.dng", "b/DSC_2.jpg"] {
                #expect(listed[lone] == [], "\(pass): \(lone)")
            }
            // The shown file is the JPEG, its size the JPEG's own.
            let pair = try #require(photos.first { $0.id == "IMG_0001.JPG" })
            #expect(pair.filePath?.hasSuffix("/IMG_0001.JPG") == true)
            #expect(summary.contains("8 images;"), "\(pass): \(summary)")  // eight files were read
            if pass == "from the index" { #expect(summary.contains("0 read, 8 from the index"), "\(summary)") }
        }
    }

    @Test("the RAW's words find the pair once, as its JPEG")
    func rawWordsFindThePair() async throws {
        defer { folder.remove() }
        try makeFolder()
        // The plain JPEGs say nothing of a camera; the CR2 says Canon EOS 90D.
        let found = try await search("90D")
        #expect(found.photos.map(\.id) == ["IMG_0001.JPG"])
        #expect(found.photos.first.map(companions) == ["IMG_0001.CR2"])
    }

    @Test("a sidecar named for the bare name belongs to the pair: its words find it, its title and licence are used")
    func bareNameSidecar() async throws {
        defer { folder.remove() }
        try makeFolder()
        let sidecar = SidecarTests.sidecars.appendingPathComponent("licensed.xmp")
        try folder.write("IMG_0001.xmp", try Data(contentsOf: sidecar))
        for pass in ["first walk", "from the index"] {
            let found = try await search("pier noon")
            #expect(found.photos.map(\.id) == ["IMG_0001.JPG"], "\(pass)")
            let pair = try #require(found.photos.first)
            #expect(pair.title == "Pier at noon", "\(pass)")
            #expect(pair.license?.id == "CC-BY-4.0", "\(pass)")
            #expect(companions(of: pair) == ["IMG_0001.CR2"], "\(pass)")
        }
    }

    @Test("a pair whose JPEG goes becomes its RAW alone, and one whose RAW comes back pairs again, from the index")
    func pairsFollowTheFolder() async throws {
        defer { folder.remove() }
        try makeFolder()
        _ = try await search("")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("IMG_0001.JPG"))
        let alone = try await search("")
        #expect(alone.photos.contains { $0.id == "IMG_0001.CR2" && $0.companionFiles.isEmpty })
        #expect(!alone.photos.contains { $0.id == "IMG_0001.JPG" })
        try folder.copyPlain(to: "IMG_0001.JPG")
        let paired = try await search("")
        #expect(!paired.photos.contains { $0.id == "IMG_0001.CR2" })
        let pair = try #require(paired.photos.first { $0.id == "IMG_0001.JPG" })
        #expect(companions(of: pair) == ["IMG_0001.CR2"])
        #expect(paired.summary.contains("1 read, 7 from the index"), "\(paired.summary)")
    }

    @Test("pairing goes by name in one folder: the same name in another folder, or a second JPEG, is not paired")
    func onlyOneFolderAndOneJPEG() async throws {
        defer { folder.remove() }
        try copyRAW("raw-canon.cr2", to: "raw/IMG_0009.CR2")
        try folder.copyPlain(to: "jpeg/IMG_0009.JPG")
        try copyRAW("raw-nikon.nef", to: "DSC_5.NEF")
        try folder.copyPlain(to: "DSC_5.JPG")
        try folder.copyPlain(to: "DSC_5.jpeg")
        let photos = try await search("").photos
        #expect(photos.map(\.id).sorted() == ["DSC_5.JPG", "DSC_5.jpeg", "jpeg/IMG_0009.JPG", "raw/IMG_0009.CR2"])
        // The first JPEG in byte order takes the RAW; the other stays alone.
        #expect(photos.first { $0.id == "DSC_5.JPG" }.map(companions) == ["DSC_5.NEF"])
        #expect(photos.first { $0.id == "DSC_5.jpeg" }?.companionFiles == [])
    }
}
