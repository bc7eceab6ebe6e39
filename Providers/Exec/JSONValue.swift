import ProviderKit

/// Any JSON (or YAML scalar/collection) value, passed through to a plugin as `options`.
///
/// Only values JSON can carry are accepted: decoding rejects `.inf`, `.nan` and numbers too large
/// for a `Double` (`1e400`), nesting deeper than ``maximumDepth`` and more than ``maximumValues``
/// values, with a `DecodingError` at the value (the configuration loader turns it into
/// file:line:column).
enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    /// A whole number, kept exactly.
    case integer(Int64)
    /// Any other number; always finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The deepest nesting accepted in options.
    static let maximumDepth = 64
    /// The most values (scalars, lists and mappings) accepted in one instance's options.
    static let maximumValues = 100_000

    init(from decoder: any Decoder) throws {
        var budget = Self.maximumValues
        self = try Self.read(decoder, budget: &budget)
    }

    /// Reads one value and everything in it, each counted against `budget` (shared by all of
    /// an instance's options), so that YAML aliases repeating a list inside a list cannot expand
    /// without end.
    static func read(_ decoder: any Decoder, budget: inout Int) throws -> JSONValue {
        budget -= 1
        guard budget >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "the options hold more than \(maximumValues) values (aliases repeating "
                        + "lists?); keep a plugin's options small"))
        }
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            try checkDepth(decoder.codingPath)
            var object: [String: JSONValue] = [:]
            for key in container.allKeys {
                object[key.stringValue] = try read(container.superDecoder(forKey: key), budget: &budget)
            }
            return .object(object)
        }
        if var container = try? decoder.unkeyedContainer() {
            try checkDepth(decoder.codingPath)
            var array: [JSONValue] = []
            while !container.isAtEnd { array.append(try read(container.superDecoder(), budget: &budget)) }
            return .array(array)
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { return .null }
        if let bool = try? container.decode(Bool.self) { return .bool(bool) }
        if let integer = try? container.decode(Int64.self) { return .integer(integer) }
        if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                let text = (try? container.decode(String.self)).map { "`\($0)`" } ?? "this number"
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "\(text) is not a finite number, which JSON (the plugin's request) cannot carry; "
                        + "write a finite number, or quote it to pass it as text")
            }
            return .number(number)
        }
        return .string(try container.decode(String.self))
    }

    private static func checkDepth(_ path: [any CodingKey]) throws {
        guard path.count >= maximumDepth else { return }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path, debugDescription: "is nested more than \(maximumDepth) levels deep"))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if let whole = Int64(exactly: value), abs(value) < 1e15 {
                try container.encode(whole)
            } else {
                try container.encode(value)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let values):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in values { try container.encode(value, forKey: AnyKey(key)) }
        }
    }
}
