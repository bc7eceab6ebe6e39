import Foundation
import ProviderKit

/// Searches Openverse, streaming each page as it arrives.
struct OpenverseProvider: PhotoProvider {
    let name: String
    let options: OpenverseFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { false }
    /// The orientation is sent as `aspect_ratio`; licences narrow the request but are checked again.
    var appliedFilters: SearchFilters.Capabilities { OpenverseFilters.applied }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        guard let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines), !query.isEmpty else {
            return .pages { _ in nil }
        }
        return .paging(wanted: request.limit, keeping: request.filtersAfter) { page in
            let url = try OpenverseRequests.url(
                query: query, page: page, options: options, filters: request.filters)
            let response = try await context.http.sendAPI(
                .apiCall(url, for: request, context: context), source: "Openverse")
            let list = try read(response, maxResults: options.pageSize)
            return FetchedPage(
                checking: list.results.elements.map { OpenversePhotoMapping.photo($0, provider: name) }, provider: name,
                logger: context.logger,
                totalPages: list.pageCount,
                totalAvailable: list.resultCount)
        }
    }

    /// The results in `response` (no more than `maxResults` decoded), or an error that says what happened.
    /// Text the server wrote reaches the message only with the request's secrets hidden.
    func read(_ response: HTTPResponse, maxResults: Int = 20) throws -> OpenverseSearchResponse {
        guard response.isSuccess else {
            let detail =
                (try? JSONDecoder().decode(OpenverseError.self, from: response.body))
                .map { String(response.redacted($0.message).prefix(HTTPResponse.excerptLength)) }
                ?? response.bodyExcerpt
            switch response.status {
            case 429:
                throw ProviderError.unavailable("Openverse is limiting anonymous requests (\(detail)); try again later")
            case 400..<500:
                throw ProviderError.rejected("Openverse refused the search (HTTP \(response.status): \(detail))")
            default:
                throw ProviderError.unavailable(
                    "Openverse answered HTTP \(response.status) (\(detail)); try again later")
            }
        }
        do {
            return try JSONDecoder.bounded(to: maxResults).decode(OpenverseSearchResponse.self, from: response.body)
        } catch {
            throw ProviderError.badData(
                "Openverse sent a response that is not the JSON it documents: \(response.bodyExcerpt)")
        }
    }
}
