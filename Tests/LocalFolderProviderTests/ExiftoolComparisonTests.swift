import Foundation
import LocalFolderProvider
import ProviderKit
import Testing

/// `ImageInspector` against exiftool's own reading (`exiftool -j -n`, stored in Corpus/exiftool.json
/// by scripts/make-test-corpus.sh) of the same files, field by field.
@Suite("Image metadata matches exiftool")
struct ExiftoolComparisonTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static var exiftool: [[String: Any]] {
        let data = (try? Data(contentsOf: corpus.appendingPathComponent("exiftool.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    static var readableFiles: [String] {
        exiftool.filter { $0["ImageWidth"] != nil }.compactMap { $0["SourceFile"] as? String }.sorted()
    }

    @Test("the corpus covers JPEG, PNG, TIFF, WebP, GIF, HEIC and AVIF")
    func coverage() throws {
        let formats = try Self.readableFiles.map {
            try ImageInspector.inspect(Self.corpus.appendingPathComponent($0)).format
        }
        #expect(Set(formats) == ["jpeg", "png", "tiff", "webp", "gif", "heic", "avif"])
    }

    @Test("every field agrees with exiftool", arguments: readableFiles)
    func agreesWithExiftool(file: String) throws {
        let expected = try #require(Self.exiftool.first { $0["SourceFile"] as? String == file })
        let read = try ImageInspector.inspect(Self.corpus.appendingPathComponent(file))
        ExiftoolExpectations.expectCameraFields(read, expected)
        #expect(read.title == (expected["Title"] ?? expected["ObjectName"]) as? String)
        #expect(
            read.description
                == (expected["Description"] ?? expected["ImageDescription"] ?? expected["Caption-Abstract"]) as? String)
        #expect(read.creator == (expected["Creator"] ?? expected["Artist"] ?? expected["By-line"]) as? String)
        #expect(read.rating == (expected["Rating"] as? Int).map(Double.init))
        let keywords =
            Self.strings(expected["Subject"]) + Self.strings(expected["Keywords"])
            + ((expected["XPKeywords"] as? String)?.split(separator: ";").map(String.init) ?? [])
        #expect(Set(read.keywords) == Set(keywords))
        let taken = (expected["DateTimeOriginal"] as? String).flatMap { text in
            Self.date(text, offset: expected["OffsetTimeOriginal"] as? String)
        }
        #expect(read.takenAt?.description == taken)
    }

    @Test("files exiftool cannot read as images are errors here too, with a reason")
    func unreadable() {
        for name in ["not-an-image.jpg", "truncated.jpg"] {
            #expect(throws: ImageMetadataError.self) {
                try ImageInspector.inspect(Self.corpus.appendingPathComponent(name))
            }
        }
    }

    static func strings(_ value: Any?) -> [String] {
        if let list = value as? [Any] { return list.map { "\($0)" } }
        return value.map { ["\($0)"] } ?? []
    }

    /// exiftool's "YYYY:MM:DD HH:MM:SS" and "+HH:MM", read independently of the code under test.
    /// exiftool's `2021:04:11 15:47:53` and `-05:00` as Viewfinder shows them: `2021-04-11T15:47:53-05:00`.
    static func date(_ text: String, offset: String?) -> String? {
        guard text.count == 19 else { return nil }
        let day = text.prefix(10).replacingOccurrences(of: ":", with: "-")
        let zone = offset.map { $0 == "+00:00" ? "Z" : $0 } ?? ""
        return day + "T" + text.suffix(8) + zone
    }
}
