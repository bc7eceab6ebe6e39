import Foundation
import ProviderKit

/// Reads a Pixabay answer into a page of hits, or an error a person can act on. Pixabay's errors
/// are plain text such as `[ERROR 400] "page" is out of valid range.`; text the server wrote
/// reaches a message only with the request's secrets hidden.
struct PixabayResponseReader {
    /// Where the user sets the key, for messages: "$PIXABAY_API_KEY".
    let keySource: String

    /// The hits in `response` (no more than `maxHits` decoded), or `nil` when Pixabay says page
    /// `page` lies past the end of the results (the total shrank between two pages).
    func read(_ response: HTTPResponse, page: Int, maxHits: Int = 200) throws -> PixabaySearchResponse? {
        guard response.isSuccess else {
            if page > 1, Self.isPageOutOfRange(response) { return nil }
            throw failure(response)
        }
        do {
            return try JSONDecoder.bounded(to: maxHits).decode(PixabaySearchResponse.self, from: response.body)
        } catch {
            throw ProviderError.badData(
                "Pixabay sent a response that is not the JSON it documents: \(response.bodyExcerpt)")
        }
    }

    /// The error for an answer other than 2xx.
    func failure(_ response: HTTPResponse) -> ProviderError {
        let message = Self.message(response)
        switch response.status {
        case 400 where Self.isAboutTheKey(message), 401, 403:
            return .rejected("Pixabay rejected the API key (HTTP \(response.status): \(message)); check \(keySource)")
        case 404:
            return .notFound(
                "Pixabay answered HTTP 404 (\(message)); is `endpoint` Pixabay's API URL, https://pixabay.com/api/?")
        case 429:
            return .unavailable(Self.rateLimitMessage(response, message: message))
        case 400..<500:
            return .rejected("Pixabay refused the search (HTTP \(response.status): \(message))")
        default:
            return .unavailable("Pixabay answered HTTP \(response.status) (\(message)); try again later")
        }
    }

    /// The server's words without the `[ERROR 400]` prefix, secrets hidden; "an HTML page" for a proxy's error page.
    static func message(_ response: HTTPResponse) -> String {
        var text = Substring(response.bodyExcerpt)
        if text.hasPrefix("<") { return "an HTML page" }
        if text.hasPrefix("[ERROR"), let end = text.firstIndex(of: "]") {
            text = text[text.index(after: end)...].drop { $0 == " " }
        }
        return text.isEmpty ? "no message" : String(text)
    }

    /// Whether the text is Pixabay's refusal of the key: "Invalid or missing API key ([key])." or `"key" is invalid`.
    static func isAboutTheKey(_ message: String) -> Bool {
        message.localizedCaseInsensitiveContains("API key") || message.contains("\"key\"")
    }

    /// Pixabay's answer to a page past `totalHits`: `[ERROR 400] "page" is out of valid range.`
    static func isPageOutOfRange(_ response: HTTPResponse) -> Bool {
        let text = message(response)
        return response.status == 400 && text.contains("\"page\"") && text.contains("valid range")
    }

    /// "… try again in 37 seconds", from `X-RateLimit-Reset` (seconds until the window resets) when sent.
    static func rateLimitMessage(_ response: HTTPResponse, message: String) -> String {
        let limit = response.headers["x-ratelimit-limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let allowance = limit.map { "\($0) requests a minute" } ?? "100 requests a minute by default"
        let when = response.headers["x-ratelimit-reset"].flatMap(seconds).map { "in " + duration($0) } ?? "in a minute"
        return "Pixabay says this API key is over its rate limit (\(allowance); \(message)); try again \(when)"
    }

    /// Whole seconds from a header such as `37` or `36.2`, rounded up; `nil` for anything else.
    static func seconds(_ text: String) -> Int? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0,
            value <= 86_400 * 366
        else { return nil }
        return Int(value.rounded(.up))
    }

    /// "1 second", "37 seconds", "3 minutes", "2 hours".
    static func duration(_ seconds: Int) -> String {
        func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s")" }
        switch seconds {
        case ..<120: return count(seconds, "second")
        case ..<7200: return count((seconds + 59) / 60, "minute")
        default: return count((seconds + 3599) / 3600, "hour")
        }
    }
}
