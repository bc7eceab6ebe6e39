import Foundation
import Logging
import ProviderKit

/// Reads an Unsplash answer, or turns it into an error a person can act on.
struct UnsplashResponseReader {
    /// Where the user sets the access key, e.g. "$UNSPLASH_ACCESS_KEY".
    let keySource: String
    let logger: Logger

    /// A search page, with no more than `maxResults` photos decoded.
    func searchPage(_ response: HTTPResponse, maxResults: Int) throws -> UnsplashSearchResponse {
        try check(response)
        do {
            return try JSONDecoder.bounded(to: maxResults).decode(UnsplashSearchResponse.self, from: response.body)
        } catch {
            throw notDocumentedJSON(response)
        }
    }

    /// A page of the `/photos` feed (a bare JSON array), with no more than `maxResults` decoded.
    func feedPage(_ response: HTTPResponse, maxResults: Int) throws -> [UnsplashPhoto] {
        try check(response)
        do {
            return try JSONDecoder.bounded(to: maxResults).decode(BoundedArray<UnsplashPhoto>.self, from: response.body)
                .elements
        } catch {
            throw notDocumentedJSON(response)
        }
    }

    /// The feed's size, from its `X-Total` header.
    static func feedTotal(_ response: HTTPResponse) -> Int? {
        response.headers["x-total"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
            $0 >= 0 ? $0 : nil
        }
    }

    /// Logs the remaining quota (shown with `--verbose`) and throws for any answer but a 2xx.
    func check(_ response: HTTPResponse) throws {
        let remaining = Self.header(response, "x-ratelimit-remaining")
        let limit = Self.header(response, "x-ratelimit-limit")
        if let remaining {
            logger.debug("Unsplash: \(remaining) of \(limit.map(String.init) ?? "?") requests left this hour")
        }
        if response.isSuccess { return }
        let body = String(decoding: response.body.prefix(4096), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let detail = message(response)
        let rateLimited =
            response.status == 429
            || (response.status == 403
                && (body.lowercased().hasPrefix("rate limit exceeded") || remaining == 0))
        if rateLimited {
            let quota = limit.map { " of \($0) requests" } ?? ""
            throw ProviderError.unavailable(
                "Unsplash's hourly limit\(quota) for this access key is used up (\(detail)); "
                    + "Unsplash counts requests per hour, so try again within the hour")
        }
        switch response.status {
        case 401:
            throw ProviderError.rejected("Unsplash rejected the access key (\(detail)); check \(keySource)")
        case 403:
            throw ProviderError.rejected(
                "Unsplash refused the request (HTTP 403: \(detail)); check that \(keySource) is the access key "
                    + "of an active Unsplash application")
        case 404:
            throw ProviderError.notFound(
                "Unsplash answered HTTP 404 (\(detail)); is `endpoint` the API base (https://api.unsplash.com)?")
        case 400..<500:
            throw ProviderError.rejected("Unsplash refused the request (HTTP \(response.status): \(detail))")
        default:
            throw ProviderError.unavailable("Unsplash answered HTTP \(response.status) (\(detail)); try again later")
        }
    }

    /// The API's own words: `{"errors": […]}` joined, or the start of a plain-text body; secrets hidden.
    func message(_ response: HTTPResponse) -> String {
        if let errors = try? JSONDecoder().decode(UnsplashErrors.self, from: response.body), !errors.errors.isEmpty {
            let text = response.redacted(errors.errors.prefix(5).joinedText(separator: "; "))  // before cutting
            return text.count > HTTPResponse.excerptLength
                ? String(text.prefix(HTTPResponse.excerptLength)) + "…" : text
        }
        let excerpt = response.bodyExcerpt
        return excerpt.isEmpty ? "no message" : excerpt
    }

    private func notDocumentedJSON(_ response: HTTPResponse) -> ProviderError {
        .badData("Unsplash sent a response that is not the JSON it documents: \(response.bodyExcerpt)")
    }

    /// A whole-number header such as `X-Ratelimit-Remaining`, or `nil`.
    static func header(_ response: HTTPResponse, _ name: String) -> Int? {
        response.headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
