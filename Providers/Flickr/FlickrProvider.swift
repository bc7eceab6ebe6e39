import Foundation
import ProviderKit

/// Searches Flickr, streaming each page of results as it arrives.
struct FlickrProvider: PhotoProvider {
    let name: String
    let options: FlickrFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { true }

    /// A search sends the licences and taken dates (``FlickrFilters``); the popular feed none.
    func appliedFilters(for operation: SearchRequest.Operation) -> SearchFilters.Capabilities {
        FlickrFilters.applied(for: operation)
    }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        // An empty query never calls the API, unless taken dates limit it (a query of time
        // words only: `2019`, sent as dates).
        guard query?.isEmpty != true || request.filters.kinds.contains(.takenDate), request.limit > 0 else {
            return .pages { _ in nil }
        }
        if query != nil, FlickrFilters.licenseIDs(request.filters, configured: options.license)?.isEmpty == true {
            return .pages { _ in nil }  // no Flickr licence passes the filters
        }
        let datesAtSource = query != nil && request.filters.kinds.contains(.takenDate)
        let wanted = min(request.limit, FlickrRequests.resultCeiling)
        let perPage = min(options.perPage, wanted)
        let lastPage = (FlickrRequests.resultCeiling + perPage - 1) / perPage
        return .paging(wanted: wanted, lastPage: lastPage, keeping: request.filtersAfter) { page in
            let list = try await fetch(request, page: page, perPage: perPage)
            return FetchedPage(
                // Flickr compares a photo whose taken date is unknown by a date it made up: drop it.
                checking: list.photo.elements.map { FlickrPhotoMapping.photo($0, provider: name) }
                    .filter { !datesAtSource || $0.takenAt != nil },
                provider: name, logger: context.logger,
                totalPages: list.pages?.int, totalAvailable: list.total?.int)
        }
    }

    /// One page. The HTTP client owns every retry, Flickr's "service unavailable" answers (codes
    /// 105 and 201 over HTTP 200) included, so one page costs at most `RetryPolicy.maxAttempts` requests.
    private func fetch(_ request: SearchRequest, page: Int, perPage: Int) async throws -> FlickrPhotoList {
        let url = try FlickrRequests.url(for: request, page: page, perPage: perPage, options: options)
        var call = HTTPRequest.apiCall(url, for: request, context: context, secretNames: ["api_key"])
        call.isTransientAnswer = { FlickrResponseReader.isServiceUnavailable($0) }
        let response = try await context.http.sendAPI(call, source: "Flickr")
        return try FlickrResponseReader(provider: name, keySource: context.whereToSet("api_key"))
            .read(response, maxPhotos: perPage)
    }
}
