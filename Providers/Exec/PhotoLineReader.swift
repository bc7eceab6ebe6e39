import Foundation

/// Reads the usual plugin line, `{"photo": {…}}` with plain values, straight from its bytes:
/// about a tenth of what Foundation's `JSONDecoder` spends on one (its generic containers look
/// metadata up at every field), and a search of 200 plugin photos waits on it.
///
/// It accepts only what it reads exactly as the decoder would, and gives up (`nil`) on anything
/// else (an escape in a string, a fraction or exponent, a number as the id, a nested object, a
/// field of an unexpected type, a repeated key, invalid UTF-8, any other line): the caller then
/// decodes the line with `JSONDecoder` as before. Tests compare both on every line they accept.
enum PhotoLineReader {
    /// The photo on `line`, or `nil` when the line is not one this reader takes.
    static func wirePhoto(_ line: Data) -> WirePhoto? {
        line.withUnsafeBytes { raw in
            var reader = ByteReader(bytes: raw)
            guard reader.take(UInt8(ascii: "{")), case .text("photo")? = reader.key(),
                reader.take(UInt8(ascii: "{"))
            else { return nil }
            guard let fields = reader.fields(), reader.take(UInt8(ascii: "}")), reader.take(UInt8(ascii: "}")),
                reader.atEnd
            else { return nil }
            return WirePhoto(fields)
        }
    }
}

/// One value as the reader takes it.
enum PlainValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case text(String)
    case texts([String])
}

extension WirePhoto {
    /// The photo `fields` give, with the decoder's rules (``init(from:)``); `nil` when a known
    /// field has a type whose reading only the decoder knows.
    fileprivate init?(_ fields: [String: PlainValue]) {
        func text(_ key: String) -> String?? {
            switch fields[key] {
            case nil, .null?: .some(nil)
            case .text(let text)?: .some(text)
            default: nil
            }
        }
        func pixels(_ key: String) -> Int?? {
            switch fields[key] {
            case nil, .null?: .some(nil)
            case .integer(let value)?: .some(value > 0 ? value : nil)
            default: nil
            }
        }
        guard case .text(let id)? = fields["id"], let title = text("title"), let author = text("author"),
            let pageURL = text("page_url"), let imageURL = text("image_url"),
            let thumbnailURL = text("thumbnail_url"), let width = pixels("width"), let height = pixels("height"),
            let takenAt = text("taken_at"), let license = text("license"), let camera = text("camera")
        else { return nil }
        let tags: [String]?
        switch fields["tags"] {
        case nil, .null?: tags = nil
        case .texts(let list)?: tags = list
        default: return nil
        }
        self.init(
            id: id.allSatisfy(\.isWhitespace) ? .missing : .text(id), title: title, author: author,
            pageURL: pageURL, imageURL: imageURL, thumbnailURL: thumbnailURL, width: width, height: height,
            takenAt: takenAt, tags: tags, license: license, camera: camera)
    }
}

/// A cursor over a line's bytes; every reading skips the white space JSON allows before it.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    /// Whether `byte` comes next (after white space); reads it if so.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A key and its colon, as a `.text` value.
    mutating func key() -> PlainValue? {
        guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
        return .text(key)
    }

    /// An object's members up to (not including) its `}`: each key once, each value plain.
    mutating func fields() -> [String: PlainValue]? {
        var fields: [String: PlainValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return fields }
        repeat {
            guard case .text(let key)? = key(), fields[key] == nil, let value = value() else { return nil }
            fields[key] = value
        } while take(UInt8(ascii: ","))
        return fields
    }

    mutating func value() -> PlainValue? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(PlainValue.text)
        case UInt8(ascii: "["): return strings().map(PlainValue.texts)
        case UInt8(ascii: "n"): return word("null") ? .null : nil
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer().map(PlainValue.integer)
        default: return nil
        }
    }

    /// A string without escapes or control characters, in valid UTF-8.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// A list of such strings.
    mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        if take(UInt8(ascii: "]")) { return list }
        repeat {
            guard let text = string() else { return nil }
            list.append(text)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? list : nil
    }

    /// A whole number as JSON writes it (no leading zero, no fraction or exponent) that fits an `Int`.
    mutating func integer() -> Int? {
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return value
    }

    /// Whether `text` comes next; reads it if so (what follows is the caller's to check).
    mutating func word(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count,
            text.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + length]) })
        else { return false }
        index += length
        return true
    }
}
