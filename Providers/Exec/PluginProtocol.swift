import Foundation
import ProviderKit

/// Version 1 of the plugin protocol: one request line in, JSON lines out (see docs/PLUGINS.md).
enum PluginProtocol {
    /// The line written to the program's stdin.
    struct Request: Encodable {
        let `protocol` = 1
        let operation: String
        let query: String?
        let limit: Int
        let options: [String: JSONValue]
        let filters: SearchFilters

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(self.protocol, forKey: AnyKey("protocol"))
            try container.encode(operation, forKey: AnyKey("operation"))
            try container.encode(query, forKey: AnyKey("query"))
            try container.encode(limit, forKey: AnyKey("limit"))
            try container.encode(options, forKey: AnyKey("options"))
            if !filters.isEmpty { try container.encode(FiltersWire(filters), forKey: AnyKey("filters")) }
        }
    }

    /// The request's `filters`: only the keys that are set (see docs/PLUGINS.md).
    struct FiltersWire: Encodable {
        let filters: SearchFilters

        init(_ filters: SearchFilters) { self.filters = filters }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            if !filters.licenses.isEmpty { try container.encode(filters.licenses.sorted(), forKey: AnyKey("license")) }
            if !filters.licenseGroups.isEmpty {
                try container.encode(filters.licenseGroups.map(\.rawValue).sorted(), forKey: AnyKey("license_groups"))
            }
            try container.encodeIfPresent(filters.orientation?.rawValue, forKey: AnyKey("orientation"))
            try container.encodeIfPresent(filters.minWidth, forKey: AnyKey("min_width"))
            try container.encodeIfPresent(filters.minHeight, forKey: AnyKey("min_height"))
            try container.encodeIfPresent(
                filters.takenAfter.map { $0.formatted(.iso8601) }, forKey: AnyKey("taken_after"))
            try container.encodeIfPresent(
                filters.takenBefore.map { $0.formatted(.iso8601) }, forKey: AnyKey("taken_before"))
            if let near = filters.near {
                try container.encode(
                    NearWire(
                        latitude: near.center.latitude, longitude: near.center.longitude, withinKm: filters.within),
                    forKey: AnyKey("near"))
            }
        }
    }

    /// The place filter: `{"latitude", "longitude", "within_km"}`.
    struct NearWire: Encodable {
        let latitude: Double
        let longitude: Double
        let withinKm: Double

        enum CodingKeys: String, CodingKey {
            case latitude, longitude
            case withinKm = "within_km"
        }
    }

    /// What one output line says.
    enum Line: Equatable {
        case blank
        case photo(Photo)
        /// The kinds of filter the program says it applied itself.
        case filtersApplied(SearchFilters.Capabilities)
    }

    /// The request as one line of JSON. The options were checked when the configuration was read
    /// (every number finite), so encoding cannot fail; if it ever did, the error says so.
    static func requestLine(for request: SearchRequest, options: [String: JSONValue]) throws -> Data {
        let body = Request(
            operation: request.query == nil ? "popular" : "search", query: request.query, limit: request.limit,
            options: options, filters: request.filters)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(body) + Data("\n".utf8)
    }

    /// The photo on line `number`, `nil` for a blank line, or the error the line describes.
    ///
    /// Only `id` is required; an optional field of the wrong type is ignored, as other providers
    /// ignore fields a source fills badly.
    static func photo(fromLine line: Data, number: Int, provider: String) throws(ExecError) -> Photo? {
        if case .photo(let photo) = try parse(line, number: number, provider: provider) { return photo }
        return nil
    }

    /// What line `number` says: nothing (blank), a photo, the filters the program applied, or
    /// the error the line describes.
    static func parse(_ line: Data, number: Int, provider: String, secrets: Redactor = .none) throws(ExecError) -> Line
    {
        guard line.contains(where: { !Self.isBlank($0) }) else { return .blank }
        if let wire = PhotoLineReader.wirePhoto(line) {
            return .photo(try wire.photo(line: number, provider: provider))
        }
        // The decoder builds every value of a line: hundreds of megabytes for a long list.
        if line.count > maximumValues, valueCount(line, upTo: maximumValues + 1) > maximumValues {
            throw .tooManyValues(line: number, limit: maximumValues)
        }
        let decoded: WireLine
        do {
            decoded = try JSONDecoder().decode(WireLine.self, from: line)
        } catch {
            // Foundation's reader stops at a fixed depth and calls that invalid: say what it is.
            let depth = Self.nestingDepth(line)
            if depth > maximumDepth { throw .tooDeep(line: number, depth: depth) }
            // Hidden before it is cut: a key cut in half would no longer be recognised.
            let excerpt = secrets.redact(String(decoding: line.prefix(64 << 10), as: UTF8.self)).prefix(80)
            throw .invalidJSON(line: number, excerpt: String(excerpt))
        }
        switch decoded {
        case .error(let message): throw .reported(message)
        case .other: throw .unknownLine(line: number)
        case .photo(let wire): return .photo(try wire.photo(line: number, provider: provider))
        case .filtersApplied(nil): throw .badFiltersApplied(line: number, detail: "is not a list of names")
        case .filtersApplied(let names?): return .filtersApplied(try capabilities(names, line: number))
        }
    }

    /// The kinds `names` spell (`license`, `orientation`, `size`, `taken`), or an error naming an unknown one.
    private static func capabilities(_ names: [String], line: Int) throws(ExecError) -> SearchFilters.Capabilities {
        var kinds: SearchFilters.Capabilities = []
        for name in names {
            guard let kind = SearchFilters.Capabilities.named(name) else {
                // Whole or not at all: a name cut short could end inside a secret it holds.
                let shown = name.count <= 64 ? "'\(name)'" : "of \(name.count) characters"
                throw .badFiltersApplied(line: line, detail: "names an unknown filter \(shown)")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// How deep JSON may nest arrays and objects: Foundation's `JSONDecoder` reads no deeper.
    static let maximumDepth = 512

    /// How many values a line may hold when it is not one ``PhotoLineReader`` reads from its bytes.
    static let maximumValues = 100_000

    /// About how many values `line` holds (every comma, array and object outside strings), counting
    /// no further than `limit`.
    static func valueCount(_ line: Data, upTo limit: Int) -> Int {
        var count = 1
        forEachByteOutsideStrings(line) { byte in
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else {
                return true
            }
            count += 1
            return count < limit
        }
        return count
    }

    /// The deepest nesting of arrays and objects in `line`, outside strings (it need not be valid).
    static func nestingDepth(_ line: Data) -> Int {
        var depth = 0
        var deepest = 0
        forEachByteOutsideStrings(line) { byte in
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
            return true
        }
        return deepest
    }

    /// Calls `body` with each byte of `line` that is not inside a JSON string (the quotes
    /// themselves included), until it returns `false`.
    private static func forEachByteOutsideStrings(_ line: Data, _ body: (UInt8) -> Bool) {
        var inString = false
        var escaped = false
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            guard body(byte) else { return }
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
