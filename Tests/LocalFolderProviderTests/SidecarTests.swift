import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// XMP sidecars beside photos (`photo.jpg.xmp`, `photo.xmp`), as exiftool writes them
/// (Corpus/sidecars): merged over the photo's own metadata, noticed by the index when added,
/// edited or removed, and never listed as photos themselves.
@Suite("Local folder: XMP sidecars")
struct SidecarTests {
    static let sidecars = ExiftoolComparisonTests.corpus.appendingPathComponent("sidecars")
    let folder: PhotoFolder
    let logs = CapturingLogHandler.Store()

    init() throws {
        folder = try PhotoFolder()
    }

    func sidecar(_ name: String) throws -> Data {
        try Data(contentsOf: Self.sidecars.appendingPathComponent(name + ".xmp"))
    }

    /// Searches `query` (the popular feed when empty), returning the photos and the `--verbose` summary.
    func search(_ query: String, filters: SearchFilters = SearchFilters()) async throws
        -> (photos: [Photo], summary: String)
    {
        let context = folder.verboseContext(logs: logs)
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: context)
        let operation: SearchRequest.Operation = query.isEmpty ? .popular : .search(query)
        let photos = try await ProviderConformance.collect(
            provider, SearchRequest(operation, limit: 50, filters: filters))
        return (photos, logs.all.last { $0.contains("local: ") } ?? "")
    }

    @Test("a photo is found by a tag that exists only in its sidecar, in either naming; sidecars are not photos")
    func tagOnlyInSidecar() async throws {
        defer { folder.remove() }
        try folder.copyCorpus("full.jpg", to: "a.jpg")
        try folder.write("a.jpg.xmp", try sidecar("tag-only"))
        try folder.copyPlain(to: "raw/b.jpg")
        try folder.write("raw/b.xmp", try sidecar("tag-only"))
        try folder.copyPlain(to: "c.jpg")
        let found = try await search("lighthouse keeper")
        #expect(Set(found.photos.map(\.id)) == ["a.jpg", "raw/b.jpg"])
        let merged = try #require(found.photos.first { $0.id == "a.jpg" })
        #expect(merged.title == "Keeper's house")  // the sidecar's title over the file's own
        #expect(merged.tags.contains("harbour"))  // the file's own tags are kept
        #expect(merged.author == "Ana Lopez")  // and what the sidecar does not say
        let all = try await search("")
        #expect(Set(all.photos.map(\.id)) == ["a.jpg", "raw/b.jpg", "c.jpg"])
        #expect(all.summary.contains("3 images;"))
        #expect(!all.summary.contains("other file"))
    }

    @Test("an empty sidecar leaves the photo with its own metadata (an empty packet once trapped the search)")
    func emptySidecar() async throws {
        defer { folder.remove() }
        try folder.copyCorpus("full.jpg", to: "a.jpg")
        try folder.write("a.jpg.xmp", Data())
        try folder.copyPlain(to: "b.jpg")
        try folder.write("b.xmp", Data("x".utf8))
        let all = try await search("")
        #expect(Set(all.photos.map(\.id)) == ["a.jpg", "b.jpg"])
        let own = try #require(all.photos.first { $0.id == "a.jpg" })
        #expect(own.title != nil)  // full.jpg's own title, not wiped by the empty sidecar
    }

    @Test("a sidecar of 3 MiB of values keeps each value to its first 16 KB, entities whole")
    func hugeSidecarValues() async throws {
        defer { folder.remove() }
        try folder.copyCorpus("full.jpg", to: "a.jpg")
        let ampersands = String(repeating: "&amp;", count: (2 << 20) / 5)
        let words = String(repeating: "harbour ", count: (1 << 20) / 8)
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">zzz \(ampersands)</rdf:li></rdf:Alt></dc:title>
            <dc:description><rdf:Alt><rdf:li xml:lang="x-default">\(words)</rdf:li></rdf:Alt></dc:description>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try folder.write("a.jpg.xmp", Data(packet.utf8))
        // Only the first 16 KB of a value is decoded: the `&` decoding of 4 MiB took 13 s (debug).
        let found = try await search("zzz")
        let photo = try #require(found.photos.first)
        let title = try #require(photo.title)
        #expect(title.hasPrefix("zzz &&&") && title.utf8.count <= 16 << 10, "\(title.utf8.count)")
        #expect(!title.hasSuffix("&amp") && !title.hasSuffix("&am") && !title.hasSuffix("&a"))
        #expect((photo.description?.utf8.count ?? 0) <= 16 << 10)
    }

    @Test("the licence comes from a sidecar, with its attribution, and licence filters see it")
    func licenceFromSidecar() async throws {
        defer { folder.remove() }
        try folder.copyPlain(to: "pier.jpg")
        try folder.write("pier.jpg.xmp", try sidecar("licensed"))
        try folder.copyPlain(to: "other.jpg")
        let photos = try await search("", filters: SearchFilters(licenses: ["CC-BY-4.0"])).photos
        #expect(photos.map(\.id) == ["pier.jpg"])
        #expect(photos.first?.license?.id == "CC-BY-4.0")
        #expect(photos.first?.attribution?.contains("“Pier at noon”") == true)
        #expect(photos.first?.attribution?.contains("by Sam Reyes is licensed under CC BY 4.0") == true)
    }

    @Test("the index notices a sidecar edited, added or removed, and reads only that photo again")
    func indexNoticesSidecarChanges() async throws {
        defer { folder.remove() }
        try folder.copyPlain(to: "gull.jpg")
        try folder.copyPlain(to: "other.jpg")
        try folder.write("gull.jpg.xmp", try sidecar("tag-only"))
        #expect(try await search("lighthouse").photos.map(\.id) == ["gull.jpg"])
        let again = try await search("lighthouse")
        #expect(again.summary.contains("0 read, 2 from the index"))

        try folder.write("gull.jpg.xmp", try sidecar("edited"))  // edited
        let edited = try await search("seagull")
        #expect(edited.photos.map(\.id) == ["gull.jpg"])
        #expect(edited.photos.first?.title == "Edited title")
        #expect(edited.summary.contains("1 read, 1 from the index"))
        #expect(try await search("lighthouse").photos.isEmpty)

        try folder.write("other.xmp", try sidecar("tag-only"))  // added
        #expect(try await search("lighthouse").photos.map(\.id) == ["other.jpg"])

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gull.jpg.xmp"))  // removed
        let removed = try await search("seagull")
        #expect(removed.photos.isEmpty)
        #expect(removed.summary.contains("1 read, 1 from the index"))
    }

    @Test("two sidecars of one size and time swapped by renaming are noticed, as is one added with another's time")
    func indexNoticesSwappedSidecars() async throws {
        defer { folder.remove() }
        try folder.copyPlain(to: "a.jpg")
        try folder.copyPlain(to: "b.jpg")
        // Same length, same modification time (as after `tar x`, or on a camera card).
        let alpha = Data(try sidecar("tag-only")).replacing(Data("lighthouse".utf8), with: Data("alpha11111".utf8))
        let bravo = Data(try sidecar("tag-only")).replacing(Data("lighthouse".utf8), with: Data("bravo22222".utf8))
        try #require(alpha.count == bravo.count && alpha != bravo)
        try folder.write("a.jpg.xmp", alpha)
        try folder.write("b.jpg.xmp", bravo)
        let when = Date(timeIntervalSince1970: 1_704_103_200)
        for name in ["a.jpg.xmp", "b.jpg.xmp"] {
            try FileManager.default.setAttributes(
                [.modificationDate: when], ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        #expect(try await search("alpha11111").photos.map(\.id) == ["a.jpg"])
        let manager = FileManager.default
        let a = folder.url.appendingPathComponent("a.jpg.xmp")
        let b = folder.url.appendingPathComponent("b.jpg.xmp")
        let spare = folder.url.appendingPathComponent("spare")
        try manager.moveItem(at: a, to: spare)
        try manager.moveItem(at: b, to: a)
        try manager.moveItem(at: spare, to: b)
        #expect(try await search("alpha11111").photos.map(\.id) == ["b.jpg"])
        #expect(try await search("bravo22222").photos.map(\.id) == ["a.jpg"])
    }

    @Test("x.jpg.xmp beside x.jpg.XMP: the lower-case one, in whichever order the folder lists them")
    func caseTwins() async throws {
        defer { folder.remove() }
        try folder.copyPlain(to: "x.jpg")
        let upper = Data(try sidecar("tag-only")).replacing(Data("lighthouse".utf8), with: Data("upper11111".utf8))
        let lower = Data(try sidecar("tag-only")).replacing(Data("lighthouse".utf8), with: Data("lower22222".utf8))
        try folder.write("x.jpg.XMP", upper)
        try folder.write("x.jpg.xmp", lower)
        #expect(try await search("lower22222").photos.map(\.id) == ["x.jpg"])
        #expect(try await search("upper11111").photos.isEmpty)
    }

    @Test("darktable's sidecar form: attributes, an EXIF-style date, tags in a sequence")
    func darktableForm() {
        defer { folder.remove() }  // the suite made one; this test needs none
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:darktable="http://darktable.sf.net/"
               exif:DateTimeOriginal="2019:05:12 14:03:21"
               xmp:Rating="3"
               darktable:xmp_version="5">
               <dc:subject>
                <rdf:Seq>
                 <rdf:li>darktable|changed</rdf:li>
                 <rdf:li>kestrel</rdf:li>
                </rdf:Seq>
               </dc:subject>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            """
        var read = ImageMetadata(format: "jpeg")
        XMPReader.read(Array(packet.utf8), into: &read)
        let merged = Sidecar.merge(read, over: ImageMetadata(format: "jpeg"))
        #expect(merged.takenAt?.description == "2019-05-12T14:03:21")  // no offset recorded: a local time
        #expect(merged.rating == 3)
        #expect(merged.keywords == ["darktable|changed", "kestrel"])
    }

    @Test("photo.jpg.xmp is preferred to photo.xmp; the file's own metadata stays where the sidecar is silent")
    func preferredNaming() {
        defer { folder.remove() }  // the suite made one; this test needs none
        var listing = FolderListing()
        listing.files = [
            .init(relative: Array("p.jpg".utf8), size: 1), .init(relative: Array("p.xmp".utf8), size: 2),
            .init(relative: Array("p.jpg.xmp".utf8), size: 3),
            .init(relative: Array("q.tif".utf8), size: 4), .init(relative: Array("q.XMP".utf8), size: 5),
            .init(relative: Array("dir.v2/r".utf8), size: 6),
            .init(relative: Array("dir.xmp".utf8), size: 7),
        ]
        listing.attachSidecars()
        #expect(listing.files.map { String(decoding: $0.relative, as: UTF8.self) } == ["p.jpg", "q.tif", "dir.v2/r"])
        #expect(listing.files.map { $0.sidecar?.name } == [Array("p.jpg.xmp".utf8), Array("q.XMP".utf8), nil])
    }
}
