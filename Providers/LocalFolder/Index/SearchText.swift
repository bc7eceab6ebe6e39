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
    /// Appends the searchable words of the file at `relativePath` (its bytes) with `metadata`
    /// to `output`.
    ///
    /// Written straight into `output`, field by field: ASCII words are folded in place, and
    /// only text that is not ASCII goes through Foundation (``TextFolding``). This runs for every
    /// file a walk reads; building each field as strings and arrays first was a sixth of a
    /// first search.
    static func encode(relativePath: [UInt8], metadata: ImageMetadata?, into output: inout [UInt8]) {
        var field = FieldWriter()
        if let metadata {
            field.begin(.keywords, in: &output)
            for keyword in metadata.keywords { field.words(of: keyword, in: &output) }
            field.end(in: &output)
            field.add(.title, metadata.title, in: &output)
            field.add(.description, metadata.description, in: &output)
            field.add(.creator, metadata.creator, in: &output)
            field.begin(.camera, in: &output)
            if let make = metadata.cameraMake, let model = metadata.cameraModel,
                !(make.utf8.allSatisfy { $0 < 0x80 } && model.utf8.allSatisfy { $0 < 0x80 })
            {
                field.words(of: make + " " + model, in: &output)  // folded as one text, as before
            } else {
                for part in [metadata.cameraMake, metadata.cameraModel] { field.words(of: part ?? "", in: &output) }
            }
            field.end(in: &output)
            field.begin(.taken, in: &output)
            for word in metadata.takenAt.map(TimeWords.searchWords) ?? [] { field.word(word, in: &output) }
            field.end(in: &output)
            // The file's own place fields, and its position's names (folded once, in the gazetteer).
            field.begin(.place, in: &output)
            if let own = metadata.place {
                for part in [own.name, own.city, own.region, own.country] { field.words(of: part ?? "", in: &output) }
            }
            if let location = metadata.location, let words = Gazetteer.forSearch?.searchText(at: location) {
                field.word(words, in: &output)
            }
            field.end(in: &output)
        }
        // The path's names: a name that is not UTF-8 is read as its text shows it (U+FFFD).
        let slash = relativePath.lastIndex(of: UInt8(ascii: "/"))
        let name = relativePath[(slash.map { $0 + 1 } ?? 0)...]
        field.begin(.fileName, in: &output)
        if name.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the stem is what comes before the last dot, unless that dot starts the name.
            let dot = name.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == name.startIndex ? nil : $0 }
            field.words(of: String(decoding: name[..<(dot ?? name.endIndex)], as: UTF8.self), in: &output)
        } else {
            field.words(of: LocalFile.stem(of: Substring(String(decoding: name, as: UTF8.self))), in: &output)
        }
        field.end(in: &output)
        field.begin(.folders, in: &output)
        for folder in relativePath[..<(slash ?? 0)].split(separator: UInt8(ascii: "/")) {
            field.words(of: String(decoding: folder, as: UTF8.self), in: &output)
        }
        field.end(in: &output)
    }

    /// Writes one field at a time: its code, its length (filled in at its end) and its words;
    /// a field without words is taken out again.
    private struct FieldWriter {
        private var start = 0
        private var count = 0

        mutating func begin(_ field: SearchField, in output: inout [UInt8]) {
            start = output.count
            count = 0
            output.append(field.rawValue)
            output.append(contentsOf: [0, 0, 0, 0])
        }

        /// The words of `text`, folded.
        mutating func words(of text: String, in output: inout [UInt8]) {
            TextFolding.appendWords(of: text, to: &output, count: &count)
        }

        /// The words of `text`, folded.
        mutating func words(of text: Substring, in output: inout [UInt8]) {
            TextFolding.appendWords(of: text, to: &output, count: &count)
        }

        /// `word` as it is (already folded).
        mutating func word(_ word: String, in output: inout [UInt8]) {
            if count > 0 { output.append(UInt8(ascii: " ")) }
            output += word.utf8
            count += 1
        }

        /// A field of the words of `text`.
        mutating func add(_ field: SearchField, _ text: String?, in output: inout [UInt8]) {
            begin(field, in: &output)
            if let text { words(of: text, in: &output) }
            end(in: &output)
        }

        mutating func end(in output: inout [UInt8]) {
            guard count > 0 else {
                output.removeSubrange(start...)
                return
            }
            let length = UInt32(output.count - start - 5).littleEndian
            withUnsafeBytes(of: length) { bytes in
                for index in 0..<4 { output[start + 1 + index] = bytes[index] }
            }
        }
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
