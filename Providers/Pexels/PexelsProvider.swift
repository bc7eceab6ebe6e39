import Foundation
import ProviderKit

/// Searches Pexels, or reads its curated feed, streaming each page as it arrives.
struct PexelsProvider: PhotoProvider {
    let name: String
    let options: PexelsFactory.Options
    let context: ProviderContext
    /// What Pexels last said about the key's quota, shared by every search of this instance.
    let quota = PexelsQuota()

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query?.isEmpty != true, request.limit > 0 else { return .pages { _ in nil } }
        let perPage = min(options.perPage, request.limit)
        return .paging(wanted: request.limit, keeping: request.filtersAfter) { page in
            let url = try PexelsRequests.url(
                query: query, page: page, perPage: perPage, endpoint: options.endpoint, filters: request.filters)
            let call = PexelsRequests.call(url, for: request, apiKey: options.apiKey, context: context)
            let response = try await context.http.sendAPI(call, source: "Pexels")
            let list = try read(response, maxPhotos: perPage)
            let photos = list.photos.elements
            return FetchedPage(
                checking: photos.map { PexelsPhotoMapping.photo($0, provider: name) }, provider: name,
                logger: context.logger,
                totalPages: list.nextPage == nil ? page : nil, totalAvailable: list.totalResults)
        }
    }

    /// The photos in `response` (no more than `maxPhotos` decoded), or an error that says what to do.
    /// Text the server wrote reaches the message only with the request's secrets hidden.
    func read(_ response: HTTPResponse, maxPhotos: Int = 80) throws -> PexelsPhotosResponse {
        guard response.isSuccess else { throw error(for: response) }
        quota.record(headers: response.headers)
        do {
            return try JSONDecoder.bounded(to: maxPhotos).decode(PexelsPhotosResponse.self, from: response.body)
        } catch {
            throw ProviderError.badData(
                "Pexels sent a response that is not the JSON it documents: \(response.bodyExcerpt)")
        }
    }

    /// The error for an answer other than 2xx, quoting Pexels' `code` (redacted).
    func error(for response: HTTPResponse) -> ProviderError {
        let detail =
            (try? JSONDecoder().decode(PexelsError.self, from: response.body))
            .map { String(response.redacted($0.message).prefix(HTTPResponse.excerptLength)) }
            ?? response.bodyExcerpt
        let quoted = detail.isEmpty ? "HTTP \(response.status)" : "HTTP \(response.status): \(detail)"
        switch response.status {
        case 401, 403:
            return .rejected(
                "Pexels rejected the API key (\(quoted)); check \(context.whereToSet("api_key")) "
                    + "(free keys at https://www.pexels.com/api/)")
        case 404:
            return .notFound("Pexels has no such resource (\(quoted)); check `endpoint`")
        case 429:
            return .unavailable("Pexels says this API key is over its request quota (\(quoted)); \(whenToRetry())")
        case 400..<500:
            return .rejected("Pexels refused the search (\(quoted))")
        default:
            return .unavailable("Pexels answered \(quoted); try again later")
        }
    }

    /// When to try again after a 429, from the quota Pexels reported on earlier answers (the 429 itself says nothing).
    func whenToRetry(now: Date = Date()) -> String {
        let reading = quota.reading
        if reading.remaining == 0, let time = quota.retryTime(now: now) {
            return "its monthly quota is spent, try again \(time)"
        }
        if let remaining = reading.remaining, remaining > 0 {
            return "the key had \(remaining) requests left this month, so this is the hourly limit "
                + "(200 requests an hour): try again within the hour"
        }
        return "wait a while and try again (a key allows 200 requests an hour and 20,000 a month)"
    }
}
