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

    static func requestLine(for request: SearchRequest, options: [String: JSONValue]) -> Data {
        let body = Request(
            operation: request.query == nil ? "popular" : "search", query: request.query, limit: request.limit,
            options: options)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(body)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// One line of output.
    private struct Line: Decodable {
        let photo: WirePhoto?
        let error: String?
    }

    private struct WirePhoto: Decodable {
        let id: JSONValue?
        let title: String?
        let author: String?
        let pageURL: String?
        let imageURL: String?
        let thumbnailURL: String?
        let width: Int?
        let height: Int?
        let takenAt: String?
        let tags: [String]?
        let license: String?

        enum CodingKeys: String, CodingKey {
            case id, title, author, width, height, tags, license
            case pageURL = "page_url"
            case imageURL = "image_url"
            case thumbnailURL = "thumbnail_url"
            case takenAt = "taken_at"
        }
    }

    /// The photo on line `number`, `nil` for a blank line, or the error the line describes.
    static func photo(fromLine line: Substring, number: Int, provider: String) throws(ExecError) -> Photo? {
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        let decoded: Line
        do {
            decoded = try JSONDecoder().decode(Line.self, from: Data(line.utf8))
        } catch {
            throw .invalidJSON(line: number, excerpt: String(line.prefix(80)))
        }
        if let message = decoded.error { throw .reported(message) }
        guard let wire = decoded.photo else { throw .unknownLine(line: number) }
        let id: String
        switch wire.id {
        case .string(let text) where !text.isEmpty: id = text
        case .number(let value): id = value == value.rounded() ? String(Int64(value)) : String(value)
        default: throw .missingID(line: number)
        }
        var images: [PhotoImage] = []
        if let thumbnail = wire.thumbnailURL.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .thumbnail, url: thumbnail))
        }
        if let image = wire.imageURL.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .large, url: image, width: wire.width, height: wire.height))
        }
        return Photo(
            provider: provider, id: id, title: wire.title, author: wire.author,
            pageURL: wire.pageURL.flatMap(URL.init(string:)), images: images, width: wire.width, height: wire.height,
            takenAt: wire.takenAt.flatMap { try? Date($0, strategy: .iso8601) }, tags: wire.tags ?? [],
            license: wire.license.map { License(name: $0) })
    }
}
