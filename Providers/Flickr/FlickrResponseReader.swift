import Foundation
import ProviderKit

/// Reads a Flickr answer into a page of photos, or an error that says what went wrong.
struct FlickrResponseReader {
    let provider: String
    let keySource: String

    /// The page in `response` (no more than `maxPhotos` photos decoded), or a `ProviderError`.
    /// Text the server wrote reaches the message only with the request's secrets hidden.
    func read(_ response: HTTPResponse, maxPhotos: Int = 500) throws -> FlickrPhotoList {
        switch response.status {
        case 200..<300:
            break
        case 429:
            throw ProviderError.unavailable(
                "Flickr says this API key is over its rate limit (3,600 queries an hour); wait a while and try again")
        case 404:
            throw ProviderError.notFound(
                "Flickr answered HTTP 404 (\(response.bodyExcerpt)); is `endpoint` a Flickr REST endpoint?")
        case 400..<500:
            throw ProviderError.rejected(
                "Flickr refused the request with HTTP \(response.status): \(response.bodyExcerpt)")
        default:
            throw ProviderError.unavailable("Flickr answered HTTP \(response.status): \(response.bodyExcerpt)")
        }
        let body = Self.unwrapJSONP(response.body)
        if let first = body.first(where: { !Character(UnicodeScalar($0)).isWhitespaceASCIIFirst }),
            first == UInt8(ascii: "<")
        {
            throw xmlError(body, response: response)
        }
        let decoded: FlickrSearchResponse
        do {
            decoded = try JSONDecoder.bounded(to: maxPhotos).decode(FlickrSearchResponse.self, from: body)
        } catch {
            var excerpt = response
            excerpt.body = Data(body)
            throw ProviderError.badData(
                "Flickr sent a response that is not the JSON it documents: \(excerpt.bodyExcerpt)")
        }
        guard decoded.stat == "ok" else {
            throw failure(code: decoded.code?.int, message: response.redacted(decoded.message ?? "no message"))
        }
        guard let photos = decoded.photos else {
            throw ProviderError.badData("Flickr said ok but sent no `photos`")
        }
        return photos
    }

    /// Whether `response` is Flickr's "service unavailable" (codes 105 and 201 over HTTP 200),
    /// an answer worth trying again. Such answers are short; a long body is never parsed for this.
    static func isServiceUnavailable(_ response: HTTPResponse) -> Bool {
        guard response.body.count < 4096,
            let answer = try? JSONDecoder().decode(FlickrStatus.self, from: unwrapJSONP(response.body))
        else { return false }
        return answer.stat == "fail" && [105, 201].contains(answer.code?.int)
    }

    /// Flickr's documented error codes, in words a person can act on.
    func failure(code: Int?, message: String) -> ProviderError {
        switch code {
        case 100:
            return .rejected("Flickr rejected the API key (\(message)); check \(keySource)")
        case let code? where code == 105 || code == 201:
            return .unavailable(
                "Flickr's service is unavailable right now (code \(code): \(message)); try again later")
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
    private func xmlError(_ body: Data, response: HTTPResponse) -> ProviderError {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        if text.contains("stat=\"fail\""), let code = Self.attribute("code", in: text).flatMap(Int.init) {
            return failure(code: code, message: response.redacted(Self.attribute("msg", in: text) ?? "no message"))
        }
        return .badData("Flickr answered in XML instead of JSON; is `endpoint` a Flickr REST endpoint?")
    }

    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
