import Foundation
import LocalFolderProvider
import ProviderKit
import Testing

/// Files made and damaged on purpose (Corpus/quirks, by scripts/make-quirk-corpus.py), each
/// reproducing one layout of a real camera or phone, or one kind of damage, read as exiftool
/// reads them (its reading in Corpus/quirks/exiftool.json): what is broken is skipped, the rest kept.
@Suite("Image metadata: quirks and damage read as exiftool reads them")
struct QuirkCorpusTests {
    static let folder = ExiftoolComparisonTests.corpus.appendingPathComponent("quirks")

    static var exiftool: [[String: Any]] {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("exiftool.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    static var files: [String] { exiftool.compactMap { $0["SourceFile"] as? String }.sorted() }

    func read(_ name: String) throws -> ImageMetadata {
        try ImageInspector.inspect(Self.folder.appendingPathComponent(name))
    }

    @Test("make, model, date, orientation, GPS and size agree with exiftool", arguments: files)
    func agreesWithExiftool(file: String) throws {
        let expected = try #require(Self.exiftool.first { $0["SourceFile"] as? String == file })
        let read = try read(file)
        ExiftoolExpectations.expectCameraFields(read, expected)
        #expect(read.takenAt?.description == (expected["DateTimeOriginal"] as? String).flatMap(Self.date))
    }

    @Test("the corpus holds every quirk the readers were fixed for")
    func coverage() {
        let quirks = [
            "bad-entry-offset", "exif-ifd-loop", "bad-ifd1", "ifd1-loop", "gps-past-segment", "exif-ifd-truncated",
            "big-endian", "ifd-type-pointers", "gps-srational", "gps-degrees-minutes", "gps-no-ref", "date-in-ifd0",
            "make-in-exif-ifd", "kodak-exif-header", "exif-header-garbage", "make-undefined", "orientation-long",
            "makernote-oddity", "duplicate-tag", "xmp-only", "unknown-entry-type", "bad-first-entry",
            "bytes-between-segments", "cut-after-exif", "damaged-marker", "orientation-5", "orientation-7",
        ]
        #expect(Set(Self.files) == Set(quirks.map { $0 + ".jpg" }))
    }

    @Test("a loop of directories ends that chain: IFD0's camera and the date before the loop are kept")
    func loopKeepsTheRest() throws {
        let read = try read("exif-ifd-loop.jpg")
        #expect(read.cameraMake == "Canon")
        #expect(read.takenAt != nil)
    }

    @Test("a tag whose value lies past its segment is skipped; the others are read")
    func badEntrySkipsOneTag() throws {
        let read = try read("bad-entry-offset.jpg")
        #expect(read.description == nil)
        #expect(read.cameraModel == "Canon EOS 5D")
    }

    @Test("XMP fills what EXIF lacks; where both have a value, EXIF's counts")
    func xmpFillsGaps() throws {
        let read = try read("xmp-only.jpg")
        #expect(read.cameraMake == "Leica Camera AG")
        #expect(read.orientation == 6)
        #expect(read.width == 48)  // turned a quarter by its XMP orientation
    }

    @Test("orientations 5 and 7 (a quarter turn, mirrored) swap the displayed size as 6 and 8 do")
    func mirroredQuarterTurns() throws {
        for (file, orientation) in [("orientation-5.jpg", 5), ("orientation-7.jpg", 7)] {
            let read = try read(file)
            #expect(read.orientation == orientation)
            #expect(read.width == 48 && read.height == 80, "\(file): \(read.width ?? 0)×\(read.height ?? 0)")
        }
    }

    /// exiftool's "YYYY:MM:DD HH:MM:SS" with an optional "+HH:MM" or "Z", as Viewfinder shows it.
    static func date(_ text: String) -> String? {
        let local = String(text.prefix(19))
        var offset = String(text.dropFirst(19))
        if offset == "Z" { offset = "+00:00" }
        return ExiftoolComparisonTests.date(local, offset: offset.isEmpty ? nil : offset)
    }
}
