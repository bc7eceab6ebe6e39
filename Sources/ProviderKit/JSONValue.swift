/// A JSON value: the shapes a search writes (`--format json` and `ndjson`, the page's events)
/// and the options passed through to a plugin. Written by ``text(pretty:)`` in one pass over
/// the values, in the layout `JSONEncoder` gives with sorted keys and unescaped slashes, about
/// ten times faster (its generic containers cost a quarter of a 200-photo search's time). It is
/// `Encodable` too, so the same shape serves where `JSONEncoder` is used.
///
/// An object's fields are written in the order given: list them sorted by key.
package enum JSONValue: Encodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    package static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
    package static func int(_ number: Int64?) -> JSONValue { number.map { .int(Int($0)) } ?? .null }
    package static func double(_ number: Double?) -> JSONValue { number.map(JSONValue.double) ?? .null }
    package static func bool(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
    package static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    /// This object's fields with `extra` merged in, still sorted by key (an event's `event`
    /// field beside the fields of what it carries).
    package func merging(_ extra: [(key: String, value: JSONValue)]) -> JSONValue {
        guard case .object(let fields) = self else { return self }
        return .object((fields + extra).sorted { $0.key < $1.key })
    }

    package static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Whether `scalar` is one a terminal acts on or that reorders what it shows: DEL and the
    /// C1 controls (U+009B starts a control sequence, as ESC [ does), bidirectional overrides
    /// and isolates, and the line and paragraph separators. JSON allows them raw; the text
    /// writes them as `\u` escapes, which its readers decode to the same text.
    package static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in fields { try container.encode(value, forKey: AnyKey(key)) }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// The JSON text: on one line, or pretty-printed (two spaces an indent, `"key" : value`).
    /// Besides what JSON must escape, the characters a terminal acts on or that reorder what it
    /// shows are written as `\u` escapes (see ``isTerminalControl(_:)``).
    /// A number that is not finite, which JSON cannot hold, is written `null`.
    package func text(pretty: Bool) -> String {
        var writer = Writer(pretty: pretty)
        writer.bytes.reserveCapacity(4096)
        writer.write(self, depth: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private struct Writer {
        let pretty: Bool
        var bytes: [UInt8] = []

        mutating func write(_ value: JSONValue, depth: Int) {
            switch value {
            case .null: append("null")
            case .bool(let value): append(value ? "true" : "false")
            case .int(let value): append(String(value))
            case .double(let value): writeNumber(value)
            case .string(let value): writeString(value)
            case .array(let values):
                bytes.append(UInt8(ascii: "["))
                for (index, value) in values.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(depth + 1)
                    write(value, depth: depth + 1)
                }
                close("]", empty: values.isEmpty, depth: depth)
            case .object(let fields):
                bytes.append(UInt8(ascii: "{"))
                for (index, field) in fields.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(depth + 1)
                    writeString(field.key)
                    append(pretty ? " : " : ":")
                    write(field.value, depth: depth + 1)
                }
                close("}", empty: fields.isEmpty, depth: depth)
            }
        }

        /// Ends an array or object; an empty one has an empty line inside when pretty, as `JSONEncoder` writes it.
        private mutating func close(_ bracket: Unicode.Scalar, empty: Bool, depth: Int) {
            if pretty && empty { bytes.append(UInt8(ascii: "\n")) }
            newline(depth)
            bytes.append(UInt8(ascii: bracket))
        }

        private mutating func newline(_ depth: Int) {
            guard pretty else { return }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }

        private mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        /// Swift's shortest form that reads back the same, without a trailing `.0`, as `JSONEncoder` writes it.
        private mutating func writeNumber(_ value: Double) {
            guard value.isFinite else { return append("null") }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            append(text)
        }

        private mutating func writeString(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x20..<0x7F: bytes.append(UInt8(scalar.value))
                case 0x00..<0x20: writeEscape(scalar.value)
                default:
                    if JSONValue.isTerminalControl(scalar) {
                        writeEscape(scalar.value)
                    } else {
                        UTF8.encode(scalar) { bytes.append($0) }
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        private static let hexDigits = Array("0123456789abcdef".utf8)

        private mutating func writeEscape(_ value: UInt32) {
            append("\\u")
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(Self.hexDigits[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
