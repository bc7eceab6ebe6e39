import Places
import ProviderKit
import Testing

@testable import LocalFolderProvider

/// The search text written straight into a record's bytes (ASCII folded in place, the rest
/// through Foundation) holds exactly the words its definition names: each field's text folded
/// by `TextFolding.words` and joined by spaces, empty fields left out.
@Suite("Search text written in place")
struct SearchTextTests {
    /// The search text as its definition states it, built from strings and arrays.
    func reference(relativePath: [UInt8], metadata: ImageMetadata?) -> [UInt8] {
        let components = String(decoding: relativePath, as: UTF8.self).split(separator: "/")
        var output: [UInt8] = []
        func add(_ field: SearchField, _ words: [String]) {
            guard !words.isEmpty else { return }
            let text = Array(words.joined(separator: " ").utf8)
            output.append(field.rawValue)
            withUnsafeBytes(of: UInt32(text.count).littleEndian) { output += $0 }
            output += text
        }
        if let metadata {
            add(.keywords, metadata.keywords.flatMap(TextFolding.words))
            add(.title, TextFolding.words(metadata.title ?? ""))
            add(.description, TextFolding.words(metadata.description ?? ""))
            add(.creator, TextFolding.words(metadata.creator ?? ""))
            add(
                .camera,
                TextFolding.words([metadata.cameraMake, metadata.cameraModel].compactMap { $0 }.joined(separator: " ")))
            add(.taken, metadata.takenAt.map(TimeWords.searchWords) ?? [])
            var place: [String] = []
            if let own = metadata.place {
                place = [own.name, own.city, own.region, own.country].flatMap { TextFolding.words($0 ?? "") }
            }
            if let location = metadata.location, let words = Gazetteer.forSearch?.searchText(at: location) {
                place.append(words)
            }
            add(.place, place)
        }
        add(.fileName, TextFolding.words(LocalFile.stem(of: components.last ?? "")))
        add(.folders, components.dropLast().flatMap { TextFolding.words($0) })
        return output
    }

    func encoded(_ path: [UInt8], _ metadata: ImageMetadata?) -> [UInt8] {
        var output: [UInt8] = [0xAA]  // written after what is there, which stays
        SearchText.encode(relativePath: path, metadata: metadata, into: &output)
        #expect(output.first == 0xAA)
        return Array(output.dropFirst())
    }

    @Test("ASCII, accented, mixed and empty values, and paths of every shape, match the definition")
    func matchesDefinition() {
        var accented = ImageMetadata(format: "jpeg")
        accented.keywords = ["Harbour", "Café-Nöel_2024", "", "fog", "ÉTÉ"]
        accented.title = "Quai d'Orsay, 5 a.m."
        accented.description = "  Über den Wolken  "
        accented.creator = "Ｆｕｌｌ Width"
        accented.cameraMake = "Ñikon"
        accented.cameraModel = "D850 Mk-II"
        accented.takenAt = DateTime.parse("2019:06:01 10:00:00")
        accented.place = PlaceNames(name: "Belém", city: "Lisbon", region: nil, country: "Portugal", countryCode: "PT")
        var plain = ImageMetadata(format: "jpeg")
        plain.cameraModel = "X100V"
        plain.keywords = ["a", "B2b"]
        var blank = ImageMetadata(format: "png")
        blank.title = "---"
        blank.cameraMake = "Canon"
        blank.cameraModel = "EOS R5"
        let paths: [[UInt8]] = [
            Array("img.jpg".utf8), Array("Roll 2019/Summer-Trip/IMG_0001.JPG".utf8), Array(".hidden".utf8),
            Array("a/b.c.d.jpeg".utf8), Array("noext".utf8), Array("Été/Ünïcödé.JPG".utf8),
            Array("caf".utf8) + [0xE9] + Array("/x\u{FF}.jpg".utf8), [0x66, 0xFF, 0x2E, 0x6A],
            Array("dossier/.profile.jpg".utf8),
        ]
        for path in paths {
            for metadata in [nil, ImageMetadata(format: "jpeg"), accented, plain, blank] {
                #expect(
                    encoded(path, metadata) == reference(relativePath: path, metadata: metadata),
                    "\(String(decoding: path, as: UTF8.self)) with \(String(describing: metadata))")
            }
        }
    }

    @Test("words appended in place are the folded words, joined by single spaces")
    func appendWords() {
        for text in ["", "  ", "Hello, World!", "Café-Nöel_2024", "x", "A1b2 C3", "ÉTÉ à Paris", "tab\tand\nnew"] {
            var output: [UInt8] = Array("prior".utf8)
            var count = 1
            TextFolding.appendWords(of: text, to: &output, count: &count)
            let words = TextFolding.words(text)
            #expect(count == 1 + words.count)
            #expect(output == Array((["prior"] + words).joined(separator: " ").utf8), "\(text)")
        }
    }

    @Test("keywords repeated in another letter case are kept once, the first spelling")
    func distinctKeywords() {
        #expect(
            ImageInspector.distinct(["Fog", "fog", "FOG", "bridge", "Bridge", "f0g", "[", "{"]) == [
                "Fog", "bridge", "f0g", "[", "{",
            ])
        #expect(ImageInspector.distinct(["Été", "été", "ÉTÉ", "ete"]) == ["Été", "ete"])
        let many = (0..<40).map { "word\($0 % 20)" }
        #expect(ImageInspector.distinct(many) == (0..<20).map { "word\($0)" })
    }
}
