import Foundation
import ProviderKit

/// Reads a Flickr answer into a page of photos, or an error that says what went wrong.
struct FlickrResponseReader {
    let provider: String
    let keySource: String

    /// The page in `response`, or a `ProviderError`.
    func read(_ response: HTTPResponse) throws -> FlickrPhotoList {
        if response.status == 429 {
            throw ProviderError.unavailable(
                "Flickr says this API key is over its rate limit (3,600 queries an hour); wait a while and try again")
        }
        guard response.isSuccess else {
            throw ProviderError.unavailable("Flickr answered HTTP \(response.status): \(response.bodyExcerpt)")
        }
        let body = Self.unwrapJSONP(response.body)
        if let first = body.first(where: { !Character(UnicodeScalar($0)).isWhitespace }), first == UInt8(ascii: "<") {
            throw xmlError(body)
        }
        let decoded: FlickrSearchResponse
        do {
            decoded = try JSONDecoder().decode(FlickrSearchResponse.self, from: body)
        } catch {
            throw ProviderError.badData(
                "Flickr sent a response that is not the JSON it documents: \(HTTPResponse(status: 200, body: body).bodyExcerpt)"
            )
        }
        guard decoded.stat == "ok" else {
            throw failure(code: decoded.code?.int, message: decoded.message ?? "no message")
        }
        guard let photos = decoded.photos else {
            throw ProviderError.badData("Flickr said ok but sent no `photos`")
        }
        return photos
    }

    /// Flickr's documented error codes, in words a person can act on.
    func failure(code: Int?, message: String) -> ProviderError {
        switch code {
        case 100:
            return .rejected("Flickr rejected the API key (\(message)); check \(keySource)")
        case 105, 201:
            return .unavailable(
                "Flickr's service is unavailable right now (code \(code!): \(message)); try again later")
        case let code?:
            return .rejected("Flickr refused the request (code \(code): \(message))")
        case nil:
            return .rejected("Flickr refused the request: \(message)")
        }
    }

    /// `jsonFlickrApi({...})` → `{...}`, for answers sent without `nojsoncallback=1`.
    static func unwrapJSONP(_ body: Data) -> Data {
        let prefix = Data("jsonFlickrApi(".utf8)
        guard body.starts(with: prefix), let close = body.lastIndex(of: UInt8(ascii: ")")) else { return body }
        return body[body.startIndex + prefix.count..<close]
    }

    /// Flickr answers in XML when `format` is missing; read its `<err code msg>` when there is one.
    private func xmlError(_ body: Data) -> ProviderError {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        if text.contains("stat=\"fail\""), let code = Self.attribute("code", in: text).flatMap(Int.init) {
            return failure(code: code, message: Self.attribute("msg", in: text) ?? "no message")
        }
        return .badData("Flickr answered in XML instead of JSON; is `endpoint` a Flickr REST endpoint?")
    }

    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
