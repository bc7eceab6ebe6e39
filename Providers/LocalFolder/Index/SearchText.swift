import Places
import ProviderKit

/// The fields a query is matched against.
enum SearchField: UInt8, CaseIterable {
    case keywords, title, description, creator, camera, fileName, folders
    /// The local year and month the photo was taken (``TimeWords/searchWords(for:)``).
    case taken
    /// Where it was taken: the names of its position (the gazetteer's, in every form it knows).
    case place

    /// How much a match in the field counts: keywords and title above the date taken, above
    /// description and creator, above camera and names. A year matches a photo taken then a
    /// little below a title holding it.
    var weight: Double {
        switch self {
        case .keywords: 5
        case .title: 4
        case .taken, .place: 3
        case .description, .creator: 2
        case .camera, .fileName: 1.5
        case .folders: 1
        }
    }
}

/// A file's searchable words, folded once when the file is read and kept in its index record,
/// so a search compares bytes instead of folding every file's text again.
///
/// The encoding is a run of fields: the field's code (one byte), the byte count (four bytes,
/// little-endian), then the folded words separated by single spaces. Empty fields are left out.
enum SearchText {
    /// The searchable words of the file at `relativePath` with `metadata`.
    static func encode(relativePath: String, metadata: ImageMetadata?) -> [UInt8] {
        let components = relativePath.split(separator: "/")
        var output: [UInt8] = []
        func add(_ field: SearchField, _ words: [String]) {
            guard !words.isEmpty else { return }
            let text = words.joined(separator: " ").utf8
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
            // The file's own place fields, and its position's names (folded once, in the gazetteer).
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

    /// Calls `body` with each field of `text` and its words; stops early when `body` returns `false`.
    /// Lengths are clamped to the text, so damaged bytes can never be read past.
    @inline(__always)
    static func forEachField(
        _ text: UnsafeRawBufferPointer, _ body: (SearchField, UnsafeRawBufferPointer) -> Bool
    ) {
        var offset = 0
        while text.count - offset >= 5 {
            let code = text[offset]
            let declared = text.littleEndianUInt32(at: offset + 1)
            let start = offset + 5
            let end = start + min(declared, text.count - start)
            if let field = SearchField(rawValue: code),
                !body(field, UnsafeRawBufferPointer(rebasing: text[start..<end]))
            {
                return
            }
            offset = end
        }
    }
}
