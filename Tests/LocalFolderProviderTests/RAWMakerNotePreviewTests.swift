import Foundation
import ProviderKit
import Testing

@testable import LocalFolderProvider

/// The JPEG previews exiftool finds only in a RAW's maker note (Olympus's CameraSettings, Sony's
/// PreviewImage) or in Panasonic's own IFD0 tag (JpgFromRaw) are found too, byte for byte as
/// exiftool extracts them (Corpus/raw/exiftool-previews.json, `exiftool -b`).
@Suite("Image metadata: RAW previews in maker notes")
struct RAWMakerNotePreviewTests {
    /// exiftool's extraction of each file's PreviewImage and JpgFromRaw.
    static var extracted: [String: [String: [UInt8]]] {
        let url = RAWCorpusTests.folder.appendingPathComponent("exiftool-previews.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        let json = (try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]]) ?? [:]
        return json.mapValues { tags in
            tags.compactMapValues { value in
                value.hasPrefix("base64:") ? Data(base64Encoded: String(value.dropFirst(7))).map { [UInt8]($0) } : nil
            }
        }
    }

    /// The bytes of each preview Viewfinder finds in `file`.
    static func previews(_ file: String) throws -> [[UInt8]] {
        let bytes = try FileBytes(path: RAWCorpusTests.folder.appendingPathComponent(file).path)
        return try RAWPreviews.find(in: bytes).map { try bytes.read($0.offset, $0.length) }
    }

    @Test("every preview exiftool extracts from the RAW corpus is one Viewfinder finds, byte for byte")
    func exiftoolsPreviewsFound() throws {
        let extracted = Self.extracted
        for file in ["raw-olympus-preview.orf", "raw-olympus-old-note.orf", "raw-om-system.orf"] {
            #expect(extracted[file]?["PreviewImage"] != nil, "\(file)")
        }
        #expect(extracted["raw-sony-makernote.arw"]?["PreviewImage"] != nil)
        #expect(extracted["raw-panasonic.rw2"]?["JpgFromRaw"] != nil)
        for (file, tags) in extracted {
            let found = try Self.previews(file)
            for (tag, jpeg) in tags {
                #expect(found.contains(jpeg), "\(file): exiftool's \(tag) of \(jpeg.count) bytes")
            }
        }
    }

    @Test("the maker notes' previews are the grid's and the full-screen view's where nothing larger is embedded")
    func makerNotePreviewsPicked() throws {
        let expected = Self.extracted
        for file in [
            "raw-olympus-preview.orf", "raw-olympus-old-note.orf", "raw-om-system.orf", "raw-sony-makernote.arw",
        ] {
            let bytes = try FileBytes(path: RAWCorpusTests.folder.appendingPathComponent(file).path)
            let found = try RAWPreviews.find(in: bytes)
            let grid = try #require(RAWPreviews.forGrid(found))
            #expect(grid == RAWPreviews.forFullScreen(found))
            #expect(try bytes.read(grid.offset, grid.length) == expected[file]?["PreviewImage"], "\(file)")
        }
        // Olympus: at exiftool's PreviewImageStart and PreviewImageLength (offsets from the note's
        // start in the OLYMPUS and OM SYSTEM notes, from the TIFF header in the older OLYMP one).
        for file in ["raw-olympus-preview.orf", "raw-olympus-old-note.orf", "raw-om-system.orf"] {
            let olympus = try #require(RAWCorpusTests.exiftool.first { $0["SourceFile"] as? String == file })
            let found = try RAWPreviews.find(
                in: FileBytes(path: RAWCorpusTests.folder.appendingPathComponent(file).path))
            #expect(found.map(\.offset) == [olympus["PreviewImageStart"] as? Int], "\(file)")
            #expect(found.map(\.length) == [olympus["PreviewImageLength"] as? Int], "\(file)")
        }
    }

    /// The corpus file `name` with `change` made to its bytes.
    static func changed(_ name: String, _ change: (inout [UInt8]) throws -> Void) throws -> FileBytes {
        var bytes = [UInt8](try Data(contentsOf: RAWCorpusTests.folder.appendingPathComponent(name)))
        try change(&bytes)
        return FileBytes(bytes: bytes)
    }

    @Test("a maker note that says its preview is not valid, or points past the file, gives no preview")
    func badMakerNotes() throws {
        // PreviewImageValid 0 (entry 0x0100 of CameraSettings, LONG 1 → 0).
        let invalid = try Self.changed("raw-olympus-preview.orf") { bytes in
            let entry = try #require(Self.find([0x00, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01], in: bytes))
            bytes[entry + 8] = 0
        }
        #expect(try RAWPreviews.find(in: invalid).isEmpty)
        // Sony's PreviewImage pointing past the end of the file.
        let past = try Self.changed("raw-sony-makernote.arw") { bytes in
            let entry = try #require(Self.find([0x01, 0x20, 0x07, 0x00], in: bytes))
            bytes.replaceSubrange(entry + 8..<entry + 12, with: [0xF0, 0xFF, 0xFF, 0x0F])
        }
        #expect(try RAWPreviews.find(in: past).map { "\($0.width)x\($0.height)" } == ["16x12"])
        // A maker note cut off in its directory.
        let cut = try Self.changed("raw-sony-makernote.arw") { bytes in
            let note = try #require(Self.find(Array("SONY DSC ".utf8), in: bytes))
            bytes.removeSubrange(note + 14..<bytes.count)
        }
        #expect(try RAWPreviews.find(in: cut).isEmpty)
    }

    @Test("a maker note whose directory the bytes read cut short asks for more; read whole, it gives its preview")
    func cutMakerNote() throws {
        let bytes = [UInt8](
            try Data(contentsOf: RAWCorpusTests.folder.appendingPathComponent("raw-sony-makernote.arw")))
        let note = try #require(Self.find(Array("SONY DSC ".utf8), in: bytes))
        for (length, isCut, previews) in [(note + 12 + 2 + 6, true, 0), (bytes.count, false, 1)] {
            let reader = try #require(TIFFReader.header(Array(bytes.prefix(length)), allowingRAWMagic: true))
            let exif = try #require(TIFFRAWLayout(reader).exifDirectory)
            let found = MakerNotePreviews.find(reader, exifDirectory: exif)
            #expect(found.isCut == isCut, "\(length) bytes")
            #expect(found.previews.count == previews, "\(length) bytes")
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }
}
