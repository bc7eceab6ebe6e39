import ProviderKit

/// Reads the options passed through to a plugin (every key beside `command` and `env`) as JSON
/// values.
///
/// Only values JSON can carry are accepted: `.inf`, `.nan` and numbers too large for a `Double`
/// (`1e400`), nesting deeper than ``maximumDepth`` and more than ``maximumValues`` values are
/// each a `DecodingError` at the value (the configuration loader turns it into
/// file:line:column).
enum PluginOptionValues {
    /// The deepest nesting accepted in options.
    static let maximumDepth = 64
    /// The most values (scalars, lists and mappings) accepted in one instance's options.
    static let maximumValues = 100_000

    /// Reads one value and everything in it, each counted against `budget` (shared by all of
    /// an instance's options), so that YAML aliases repeating a list inside a list cannot expand
    /// without end. A mapping's keys come out sorted, as the request line writes them.
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
            var fields: [(key: String, value: JSONValue)] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                fields.append((key.stringValue, try read(container.superDecoder(forKey: key), budget: &budget)))
            }
            return .object(fields)
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
        if let integer = try? container.decode(Int.self) { return .int(integer) }
        if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                let text = (try? container.decode(String.self)).map { "`\($0)`" } ?? "this number"
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "\(text) is not a finite number, which JSON (the plugin's request) cannot carry; "
                        + "write a finite number, or quote it to pass it as text")
            }
            return .double(number)
        }
        return .string(try container.decode(String.self))
    }

    private static func checkDepth(_ path: [any CodingKey]) throws {
        guard path.count >= maximumDepth else { return }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path, debugDescription: "is nested more than \(maximumDepth) levels deep"))
    }
}
