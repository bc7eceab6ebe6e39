import Foundation

/// Reads a plugin's photo line, `{"photo": {…}}`, straight from its bytes: about a tenth of
/// what Foundation's `JSONDecoder` spends on one (its generic containers look metadata up at
/// every field), and without building what the photo does not keep: an unknown field is read
/// over in the bytes, blank tags and tags past ``WirePhoto/maximumTags`` are never collected.
/// A 16 MiB line of millions of empty tags or of an unknown list of zeros costs little more
/// than the line itself, where the decoder built hundreds of megabytes.
///
/// It accepts only what it reads exactly as the decoder would, and gives up (`nil`) on anything
/// else (a number as the id, a size with a fraction or exponent, a repeated field, a lone
/// surrogate escape, an `error` or `filters_applied` line, anything not valid JSON): the caller
/// then decodes the line with `JSONDecoder`. Tests compare both on every line they accept.
enum PhotoLineReader {
    /// The photo on `line`, or `nil` when the line is not one this reader takes.
    static func wirePhoto(_ line: Data) -> WirePhoto? {
        line.withUnsafeBytes { raw in
            var reader = JSONBytes(bytes: raw)
            guard reader.take(UInt8(ascii: "{")) else { return nil }
            var photo: WirePhoto?
            repeat {
                guard let key = reader.key() else { return nil }
                switch key {
                case "photo":
                    guard photo == nil, let read = Self.photo(&reader) else { return nil }
                    photo = read
                case "error", "filters_applied": return nil  // the decoder's lines
                default: guard reader.skipValue(depth: 1) else { return nil }
                }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")), reader.atEnd else { return nil }
            return photo
        }
    }

    /// The photo object's fields, up to its closing brace.
    private static func photo(_ reader: inout JSONBytes) -> WirePhoto? {
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var fields = PhotoFields()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.key(), fields.read(key, from: &reader) else { return nil }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        return fields.photo
    }
}

/// The fields of a photo as the reader meets them, with the decoder's rules (``WirePhoto/init(from:)``):
/// a field of the wrong type is as if absent, only `id` is required.
private struct PhotoFields {
    private static let textKeys: Set<String> = [
        "title", "author", "page_url", "image_url", "thumbnail_url", "taken_at", "license", "camera",
    ]

    private var seen: Set<String> = []
    private var id: WireID = .missing
    private var texts: [String: String] = [:]
    private var sizes: [String: Int] = [:]
    private var tags: [String]?

    /// Reads the value of `key`; `false` when the line is not one the reader takes.
    mutating func read(_ key: String, from reader: inout JSONBytes) -> Bool {
        if key == "latitude" || key == "longitude" {
            // A position's decimals are read exactly by the decoder alone: a line with one goes there.
            let next = reader.next ?? 0
            return !(next == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next))
                && seen.insert(key).inserted && reader.skipValue(depth: 2)
        }
        let known = key == "id" || key == "width" || key == "height" || key == "tags" || Self.textKeys.contains(key)
        guard known else { return reader.skipValue(depth: 2) }
        guard seen.insert(key).inserted else { return false }  // which one counts is the decoder's rule
        switch (key, reader.next ?? 0) {
        case ("id", UInt8(ascii: "\"")):
            guard let text = reader.string(keeping: WirePhoto.keptBytes(of: key)) else { return false }
            id = WireID(text: text)
        case ("id", UInt8(ascii: "n")):
            guard reader.word("null") else { return false }
            id = .missing
        case ("id", UInt8(ascii: "-")), ("id", UInt8(ascii: "0")...UInt8(ascii: "9")):
            return false  // a number as the id: the decoder's exact reading
        case ("id", _):
            guard reader.skipValue(depth: 2) else { return false }
            id = .invalid
        case ("width", UInt8(ascii: "-")), ("width", UInt8(ascii: "0")...UInt8(ascii: "9")),
            ("height", UInt8(ascii: "-")), ("height", UInt8(ascii: "0")...UInt8(ascii: "9")):
            guard let value = reader.integer() else { return false }
            sizes[key] = value  // 0 or less too: the provider's check notes it and makes it unknown
        case ("tags", UInt8(ascii: "[")):
            guard let list = Self.readTags(&reader) else { return false }
            tags = list
        case (_, UInt8(ascii: "\"")) where Self.textKeys.contains(key):
            guard let text = reader.string(keeping: WirePhoto.keptBytes(of: key)) else { return false }
            texts[key] = text
        default:
            return reader.skipValue(depth: 2)  // a type the field does not take: as if absent
        }
        return true
    }

    /// The photo, its texts and tags cut as ``WirePhoto`` cuts them.
    var photo: WirePhoto {
        WirePhoto(
            id: id, title: texts["title"], author: texts["author"], pageURL: texts["page_url"],
            imageURL: texts["image_url"], thumbnailURL: texts["thumbnail_url"], width: sizes["width"],
            height: sizes["height"], takenAt: texts["taken_at"], tags: tags, license: texts["license"],
            camera: texts["camera"])
    }

    /// A list of tags: `.some(nil)` when an element is not a string (the decoder then ignores
    /// the field), `nil` when the line is not one the reader takes. Blank tags and those past
    /// the limit are read over, never kept.
    private static func readTags(_ reader: inout JSONBytes) -> [String]?? {
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        var allText = true
        if reader.take(UInt8(ascii: "]")) { return .some(list) }
        repeat {
            if reader.word("\"\"") { continue }  // an empty tag, the commonest blank one: nothing to build
            if reader.next == UInt8(ascii: "\""), allText, list.count < WirePhoto.maximumTags {
                guard let text = reader.string(keeping: WirePhoto.keptTextBytes) else { return nil }
                if let tag = WirePhoto.tag(text) { list.append(tag) }
            } else {
                if reader.next != UInt8(ascii: "\"") { allText = false }
                guard reader.skipValue(depth: 3) else { return nil }
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")) else { return nil }
        return .some(allText ? list : nil)
    }
}
