import Foundation
import LocalFolderProvider
import ProviderKit
import ProviderTesting
import Testing

/// Crafted image files that once crashed, hung or exhausted memory in the metadata readers
/// (Corpus/hostile, also in Fuzz/metadata-regressions): each now ends in a specific error, or
/// in metadata, quickly and in bounded memory.
@Suite("Local folder: crafted files that crashed or hung the readers")
struct HostileFileTests {
    static let hostile = PhotoFolder.plainJPEG.deletingLastPathComponent().appendingPathComponent("hostile")

    /// Reads `name` from Corpus/hostile and says how long it took.
    func inspect(_ name: String) -> (result: Result<ImageMetadata, ImageMetadataError>, seconds: Double) {
        let clock = ContinuousClock()
        let started = clock.now
        let result = Result { () throws(ImageMetadataError) in
            try ImageInspector.inspect(Self.hostile.appendingPathComponent(name))
        }
        let elapsed = clock.now - started
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    func error(_ result: Result<ImageMetadata, ImageMetadataError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    @Test("a JPEG whose EXIF segment ends right after its identifier is read for its frame size, not a trap")
    func exifIdentifierAtSegmentEnd() throws {
        let read = try inspect("jpeg-exif-identifier-at-segment-end.jpg").result.get()
        #expect(read.width == 32 && read.height == 16)
    }

    @Test("a JPEG whose XMP segment holds the XMP identifier and no packet is read for its frame size, not a trap")
    func emptyXMPPacket() throws {
        let read = try inspect("jpeg-empty-xmp-packet.jpg").result.get()
        #expect(read.width == 32 && read.height == 16)
        #expect(read.title == nil)
    }

    @Test("a PNG whose XMP chunk ends after its keyword and empty tags (an empty packet) is read for its size")
    func pngEmptyXMPPacket() throws {
        let read = try inspect("png-empty-xmp-packet.png").result.get()
        #expect(read.width == 32 && read.height == 16)  // as exiftool reads it
    }

    @Test("a frame segment too short to hold its size is passed over; the camera read before it stays")
    func shortFrame() throws {
        let read = try inspect("jpeg-short-frame.jpg").result.get()
        #expect(read.cameraMake == "Canon")  // as exiftool reads it (and no size, as exiftool)
        #expect(read.width == nil && read.height == nil)
    }

    @Test("2,000 damaged markers, each followed by stray bytes, are passed over to the frame: no 'claims 4 MiB'")
    func manyDamagedMarkers() throws {
        let read = try inspect("jpeg-many-damaged-markers.jpg").result.get()
        // exiftool stops at the first damaged marker ("JPEG format error") and reports no size;
        // Viewfinder passes over it as over stray bytes and keeps the frame's, which is there.
        #expect(read.width == 32 && read.height == 16)
    }

    @Test("a 24-byte HEIC whose meta box has no room for its version is an error, not a trap")
    func shortMetaBox() {
        #expect(error(inspect("heic-short-meta.heic").result) == "a HEIF meta box is too short to hold its version")
    }

    @Test("a HEIC whose iinf box is shorter than its header is an error, not a trap")
    func shortItemInfoBox() {
        #expect(
            error(inspect("heic-short-iinf.heic").result) == "a HEIF iinf box is too short to hold its entry count")
    }

    @Test("a HEIF box whose 64-bit size header runs past the box holding it is an error, not a trap")
    func boxHeaderPastParent() {
        #expect(
            error(inspect("heic-box-header-past-parent.heic").result) == "a HEIF box is larger than what contains it")
    }

    @Test("iloc with zero-width fields declaring 4,000 × 65,535 extents is refused at once (was 15.8 s and 4 GB)")
    func ilocExtentBomb() {
        let (result, seconds) = inspect("heic-iloc-extent-bomb.heic")
        #expect(error(result) == "HEIF metadata items claim more than 4096 extents")
        #expect(seconds < 2)  // no hang: was 15.8 s
        // The old reader peaked at 4 GB; nothing in this test process comes near 1 GiB.
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #expect(usage.ru_maxrss < 1 << 20)  // kilobytes
    }

    @Test("an XMP title of 32,000 ampersands is read in linear time (was 19.6 s)")
    func xmpAmpersands() throws {
        let (result, seconds) = inspect("xmp-ampersands.jpg")
        // 32,000 bare `&`: the value keeps at most its first 16 KB (not cutting where an entity
        // may begin), as every text value does.
        let title = try #require(try result.get().title)
        #expect(title.allSatisfy { $0 == "&" } && ((16 << 10) - 12...(16 << 10)).contains(title.count))
        #expect(seconds < 2)  // no hang: was 19.6 s
    }

    @Test("a TIFF whose 1,000 EXIF pointers each lead to 1,000 entries of 900 KB is read once per tag (was 23.9 s)")
    func repeatedExifDirectories() {
        let (result, seconds) = inspect("tiff-repeated-exif-directories.tif")
        #expect(error(result) == nil)
        #expect(seconds < 2)  // no hang: was 23.9 s, a million entries and 900 GB of copying
    }

    @Test("inspectOffPool reads the same metadata as inspect, off the cooperative pool")
    func inspectOffPool() async throws {
        let file = PhotoFolder.plainJPEG.deletingLastPathComponent().appendingPathComponent("full.jpg")
        #expect(try await ImageInspector.inspectOffPool(file) == (try ImageInspector.inspect(file)))
        await #expect(throws: ImageMetadataError.self) {
            try await ImageInspector.inspectOffPool(Self.hostile.appendingPathComponent("heic-short-meta.heic"))
        }
    }

    @Test("a JPEG of 6 MB of fill bytes (a segment header every byte) ends at the 4 MiB read budget, quickly")
    func fillBytes() throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.write("fill.jpg", Data([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 6 << 20)))
        let clock = ContinuousClock()
        let started = clock.now
        let result = Result { () throws(ImageMetadataError) in
            try ImageInspector.inspect(folder.url.appendingPathComponent("fill.jpg"))
        }
        #expect(error(result) == "its metadata segments claim more than 4 MiB")
        // A million 4-byte reads, served from a window: well under a second; the margin only
        // proves it ends (the budget check, not the machine's load, is under test).
        #expect(clock.now - started < .seconds(10))
    }

    @Test("a photo with 2,500 keywords keeps the first 1,000, which its index record can hold")
    func manyKeywords() throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        let items = (0..<2_500).map { "<rdf:li>k\($0)</rdf:li>" }.joined()
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0<dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject>".utf8)
        let length = xmp.count + 2
        try folder.write(
            "many.jpg", Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + xmp + [0xFF, 0xD9]))
        let keywords = try ImageInspector.inspect(folder.url.appendingPathComponent("many.jpg")).keywords
        #expect(keywords == (0..<1_000).map { "k\($0)" })
    }

    @Test("a file dated past the year 2262 (too far out for 64-bit nanoseconds) is listed, not a trap")
    func farFutureModificationTime() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "harbor-future.jpg")
        var times = [timespec(tv_sec: 15_000_000_000, tv_nsec: 0), timespec(tv_sec: 15_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.url.appendingPathComponent("harbor-future.jpg").path, &times, 0) == 0)
        var info = stat()
        #expect(stat(folder.url.appendingPathComponent("harbor-future.jpg").path, &info) == 0)
        try #require(info.st_mtim.tv_sec > Int.max / 1_000_000_000, "this file system cannot store such a date")
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.context())
        for _ in 0..<2 {  // read afresh, then from the index
            let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 5))
            #expect(photos.map(\.id) == ["harbor-future.jpg"])
        }
    }
}
