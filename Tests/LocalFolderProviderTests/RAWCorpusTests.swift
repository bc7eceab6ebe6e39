import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// Camera RAW files (Corpus/raw, by scripts/make-raw-corpus.py: one per format, built on each
/// format's documented structure), read as exiftool reads them (its reading in
/// Corpus/raw/exiftool.json), named by their content, and their JPEG previews found.
@Suite("Image metadata: camera RAW files")
struct RAWCorpusTests {
    static let folder = ExiftoolComparisonTests.corpus.appendingPathComponent("raw")

    static var exiftool: [[String: Any]] {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("exiftool.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    static var files: [String] { exiftool.compactMap { $0["SourceFile"] as? String }.sorted() }

    @Test("make, model, date, orientation, GPS and full-resolution size agree with exiftool", arguments: files)
    func agreesWithExiftool(file: String) throws {
        let expected = try #require(Self.exiftool.first { $0["SourceFile"] as? String == file })
        let read = try ImageInspector.inspect(Self.folder.appendingPathComponent(file))
        ExiftoolExpectations.expectCameraFields(read, expected)
        let taken = (expected["DateTimeOriginal"] as? String).flatMap { text in
            ExiftoolComparisonTests.date(text, offset: expected["OffsetTimeOriginal"] as? String)
        }
        #expect(read.takenAt?.description == taken)
    }

    @Test("each RAW is named by its content as exiftool names it, whatever the file is called", arguments: files)
    func namedByContent(file: String) throws {
        let expected = try #require(Self.exiftool.first { $0["SourceFile"] as? String == file })
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let read = try ImageInspector.inspect(bytes: bytes)  // no name at all
        #expect(read.format == (expected["FileType"] as? String)?.lowercased())
    }

    @Test("the corpus holds every RAW format Viewfinder names")
    func coverage() {
        let formats = Set(Self.files.map { URL(fileURLWithPath: $0).pathExtension })
        #expect(
            formats == [
                "dng", "cr2", "cr3", "nef", "nrw", "arw", "orf", "rw2", "pef", "srw", "raf", "3fr", "erf", "mef", "mos",
                "dcr", "crw",
            ])
    }

    @Test("a RAW's size is its full-resolution image's, not its first directory's thumbnail nor the crop")
    func fullResolutionSize() throws {
        // IFD0 is a 16×12 thumbnail; the SubIFD marked full-resolution is 40×26 with a 36×24 crop;
        // orientation 6 turns it.
        let dng = try ImageInspector.inspect(Self.folder.appendingPathComponent("raw-adobe.dng"))
        #expect(dng.width == 26 && dng.height == 40)
        let nef = try ImageInspector.inspect(Self.folder.appendingPathComponent("raw-nikon.nef"))
        #expect(nef.width == 46 && nef.height == 31)
    }

    @Test("a RAW whose XMP, EXIF and GPS lie past the first read, or whose directories all do, is read whole")
    func readPastTheFirstRead() throws {
        let big = try ImageInspector.inspect(Self.folder.appendingPathComponent("raw-nikon-big-xmp.nef"))
        #expect(big.keywords == ["glacier"])
        #expect(big.latitude != nil && big.takenAt != nil)
        let late = try ImageInspector.inspect(Self.folder.appendingPathComponent("raw-late-directories.dng"))
        #expect(late.format == "dng" && late.width == 26)
    }

    @Test("the folder walk lists a TIFF-shaped RAW as a RAW")
    func walkListsRAW() throws {
        guard
            case .image(let format, _, let result) = try ImageInspector.examine(
                path: Self.folder.appendingPathComponent("raw-sony.arw").path)
        else {
            Issue.record("not an image")
            return
        }
        #expect(format == .raw)
        #expect(try result.get().format == "arw")
        guard
            case .image(let plain, _, _) = try ImageInspector.examine(
                path: ExiftoolComparisonTests.corpus.appendingPathComponent("full.tif").path)
        else { return }
        #expect(plain == .tiff)
    }

    @Test("each RAW's JPEG previews are found with their sizes, and the grid and full-screen picks")
    func previews() throws {
        let expected: [String: [String]] = [
            "raw-adobe.dng": ["36x24"], "raw-canon.cr2": ["16x12", "48x32"], "raw-canon.cr3": ["16x12", "48x32"],
            "raw-nikon.nef": ["44x30"], "raw-nikon-coolpix.nrw": ["16x12"], "raw-sony.arw": ["16x12", "40x27"],
            "raw-panasonic.rw2": ["46x32"], "raw-pentax.pef": ["16x12", "40x27"], "raw-samsung.srw": ["16x12"],
            "raw-fujifilm.raf": ["48x32"], "raw-olympus.orf": [], "raw-olympus-preview.orf": ["320x240"],
            "raw-sony-makernote.arw": ["16x12", "320x214"], "raw-canon.crw": ["48x32"],
            "raw-olympus-old-note.orf": ["320x240"], "raw-om-system.orf": ["320x240"],
        ]
        for (file, sizes) in expected {
            let file = try FileBytes(path: Self.folder.appendingPathComponent(file).path)
            let found = try RAWPreviews.find(in: file)
            #expect(found.map { "\($0.width)x\($0.height)" } == sizes, "\(file)")
            for preview in found {
                let jpeg = try file.read(preview.offset, preview.length)
                #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == [0xFF, 0xD9])
            }
        }
        let small = RAWPreview(offset: 0, length: 10, width: 160, height: 120)
        let medium = RAWPreview(offset: 10, length: 10, width: 1620, height: 1080)
        let large = RAWPreview(offset: 20, length: 10, width: 6000, height: 4000)
        #expect(RAWPreviews.forGrid([large, small, medium]) == medium)
        #expect(RAWPreviews.forGrid([small]) == small)
        #expect(RAWPreviews.forFullScreen([small, large, medium]) == large)
        #expect(
            try RAWPreviews.find(
                in: FileBytes(path: ExiftoolComparisonTests.corpus.appendingPathComponent("full.jpg").path)
            ).isEmpty)
    }

    @Test("damaged RAWs (cut anywhere, bytes changed) end in metadata or an error, never a crash")
    func damaged() async throws {
        let inputs = try Self.files.map { [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent($0))) }
        try await BlockingExecutor.shared.run { _ in
            var random = SplitMix(seed: 39)
            for bytes in inputs {
                for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                    MetadataFuzzEntry.run(Array(bytes.prefix(cut)))
                }
                for _ in 0..<200 {
                    var changed = bytes
                    for _ in 0..<4 {
                        changed[Int(random.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: random.next())
                    }
                    MetadataFuzzEntry.run(changed)
                }
            }
        }
    }
}
