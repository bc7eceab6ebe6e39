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

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(self.protocol, forKey: AnyKey("protocol"))
            try container.encode(operation, forKey: AnyKey("operation"))
            try container.encode(query, forKey: AnyKey("query"))
            try container.encode(limit, forKey: AnyKey("limit"))
            try container.encode(options, forKey: AnyKey("options"))
        }
    }

    /// The request as one line of JSON. The options were checked when the configuration was read
    /// (every number finite), so encoding cannot fail; if it ever did, the error says so.
    static func requestLine(for request: SearchRequest, options: [String: JSONValue]) throws -> Data {
        let body = Request(
            operation: request.query == nil ? "popular" : "search", query: request.query, limit: request.limit,
            options: options)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(body) + Data("\n".utf8)
    }

    /// The photo on line `number`, `nil` for a blank line, or the error the line describes.
    ///
    /// Only `id` is required; an optional field of the wrong type is ignored, as other providers
    /// ignore fields a source fills badly.
    static func photo(fromLine line: Data, number: Int, provider: String) throws(ExecError) -> Photo? {
        guard line.contains(where: { !Self.isBlank($0) }) else { return nil }
        let decoded: WireLine
        do {
            decoded = try JSONDecoder().decode(WireLine.self, from: line)
        } catch {
            throw .invalidJSON(line: number, excerpt: String(decoding: line.prefix(80), as: UTF8.self))
        }
        switch decoded {
        case .error(let message): throw .reported(message)
        case .other: throw .unknownLine(line: number)
        case .photo(let wire): return try wire.photo(line: number, provider: provider)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
