import Foundation
import ProviderKit

/// Searches Pixabay, streaming each page as it arrives; `popular` reads Pixabay's popular order.
struct PixabayProvider: PhotoProvider {
    let name: String
    let options: PixabayFactory.Options
    let context: ProviderContext

    /// Pixabay's terms ask that API answers be cached for 24 hours.
    static let cachePolicy = HTTPCachePolicy(isCacheable: true, minimumLifetime: .seconds(86_400))

    var supportsPopular: Bool { true }
    /// The minimum size is sent as `min_width`/`min_height` (``PixabayFilters``).
    var appliedFilters: SearchFilters.Capabilities { PixabayFilters.applied }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query?.isEmpty != true, request.limit > 0 else {
            return .pages { _ in nil }  // an empty query never calls the API
        }
        if let query, query.count > PixabayRequests.maxQueryLength {
            return .pages { _ in
                throw ProviderError.rejected(
                    "Pixabay searches at most \(PixabayRequests.maxQueryLength) characters; shorten the search "
                        + "(it has \(query.count))")
            }
        }
        let wanted = min(request.limit, PixabayRequests.resultCeiling)
        let perPage = PixabayRequests.perPage(wanted: wanted, options: options)
        let lastPage = (PixabayRequests.resultCeiling + perPage - 1) / perPage
        let sizeAtSource = request.filters.minWidth != nil || request.filters.minHeight != nil
        return .paging(wanted: wanted, lastPage: lastPage, keeping: request.filtersAfter) { page in
            guard let list = try await fetch(request, page: page, perPage: perPage) else {
                return FetchedPage(photos: [])  // Pixabay says this page is past the end
            }
            let served = list.totalHits.map { min($0, PixabayRequests.resultCeiling) }
            return FetchedPage(
                // A hit without its size cannot be known to pass the minimum Pixabay applied.
                checking: list.hits.elements.map { PixabayPhotoMapping.photo($0, provider: name) }
                    .filter { !sizeAtSource || ($0.width != nil && $0.height != nil) },
                provider: name, logger: context.logger,
                totalPages: served.map { ($0 + perPage - 1) / perPage },
                totalAvailable: list.total ?? list.totalHits)
        }
    }

    /// One page, or `nil` past the last one. The key rides in the URL, so it is named secret for
    /// every log line and message the request reaches.
    private func fetch(_ request: SearchRequest, page: Int, perPage: Int) async throws -> PixabaySearchResponse? {
        let url = try PixabayRequests.url(for: request, page: page, perPage: perPage, options: options)
        var call = HTTPRequest.apiCall(url, for: request, context: context, secretNames: PixabayRequests.secretNames)
        call.cache = Self.cachePolicy
        let response = try await context.http.sendAPI(call, source: "Pixabay")
        return try PixabayResponseReader(keySource: context.whereToSet("api_key"))
            .read(response, page: page, maxHits: perPage)
    }
}
