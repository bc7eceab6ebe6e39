import Foundation
import ProviderKit

/// Reads a Commons answer, or says what went wrong in words a person can act on.
///
/// MediaWiki reports its own errors over HTTP 200 as `{"error":{"code","info"}}` (and in the
/// `MediaWiki-API-Error` header); Wikimedia's front end answers 403 in plain text to a request
/// without a proper User-Agent, and 429 when a client asks too fast.
enum CommonsResponseReader {
    /// Error codes that mean "try again later" rather than "this request is wrong".
    static let transientCodes: Set<String> = ["maxlag", "ratelimited", "readonly", "search-error", "timeout"]

    /// Whether an HTTP 200 answer is MediaWiki's `maxlag` error (replicas behind), which its
    /// docs ask clients to retry after `Retry-After` seconds. Only the header is looked at.
    static func isLagAnswer(_ response: HTTPResponse) -> Bool {
        response.headers["mediawiki-api-error"] == "maxlag"
    }

    static func read(_ response: HTTPResponse) throws -> CommonsQueryResponse {
        guard response.isSuccess else { throw httpFailure(response) }
        let decoded: CommonsQueryResponse
        do {
            decoded = try JSONDecoder().decode(CommonsQueryResponse.self, from: response.body)
        } catch {
            throw ProviderError.badData(
                "Wikimedia Commons sent a response that is not the JSON its API documents: \(response.bodyExcerpt)"
                    + "; is `endpoint` an api.php URL?")
        }
        if let error = decoded.error { throw apiFailure(error, response: response) }
        return decoded
    }

    static func httpFailure(_ response: HTTPResponse) -> ProviderError {
        let detail = response.bodyExcerpt
        switch response.status {
        case 403 where detail.localizedCaseInsensitiveContains("user-agent"):
            return .rejected(
                "Wikimedia refused the request under its User-Agent policy (HTTP 403: \(detail)); "
                    + "if a proxy rewrites the User-Agent header, let it through")
        case 429:
            return .unavailable("Wikimedia Commons is limiting requests (HTTP 429: \(detail)); \(tryAgain(response))")
        case 404:
            return .notFound("Wikimedia Commons answered HTTP 404 (\(detail)); is `endpoint` an api.php URL?")
        case 400..<500:
            return .rejected("Wikimedia Commons refused the request (HTTP \(response.status): \(detail))")
        default:
            return .unavailable(
                "Wikimedia Commons answered HTTP \(response.status) (\(detail)); \(tryAgain(response))")
        }
    }

    static func apiFailure(_ error: CommonsAPIError, response: HTTPResponse) -> ProviderError {
        let info = String(response.redacted(error.info ?? "no details").prefix(HTTPResponse.excerptLength))
        let code = String(response.redacted(error.code).prefix(80))
        if transientCodes.contains(error.code) || error.code.hasPrefix("internal_api_error") {
            let what = error.code == "maxlag" ? "its database replicas are lagging" : "it cannot answer right now"
            return .unavailable("Wikimedia Commons says \(what) (\(code): \(info)); \(tryAgain(response))")
        }
        return .rejected("Wikimedia Commons refused the search (\(code): \(info))")
    }

    /// "try again in 5 s" from `Retry-After`, else "try again later".
    static func tryAgain(_ response: HTTPResponse) -> String {
        guard let header = response.headers["retry-after"], let wait = RetryPolicy.parseRetryAfter(header) else {
            return "try again later"
        }
        let seconds = wait.components.seconds
        switch seconds {
        case ..<120: return "try again in \(max(seconds, 1)) s"
        case ..<7200: return "try again in \(seconds / 60) min"
        default: return "try again in \(seconds / 3600) h"
        }
    }
}
