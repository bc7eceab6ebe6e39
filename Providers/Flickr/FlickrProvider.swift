import Foundation
import Logging
import ProviderKit

/// Searches Flickr, streaming each page of results as it arrives.
struct FlickrProvider: PhotoProvider {
    let name: String
    let options: FlickrFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query?.isEmpty != true, request.limit > 0 else {
            return .pages { _ in nil }  // an empty query never calls the API
        }
        let wanted = min(request.limit, FlickrRequests.resultCeiling)
        let perPage = min(options.perPage, wanted)
        let lastPage = (FlickrRequests.resultCeiling + perPage - 1) / perPage
        return .paging(wanted: wanted, lastPage: lastPage) { page in
            let list = try await fetch(request, page: page, perPage: perPage)
            return FetchedPage(
                photos: list.photo.map { FlickrPhotoMapping.photo($0, provider: name) }, totalPages: list.pages?.int,
                totalAvailable: list.total?.int)
        }
    }

    /// One page, retrying Flickr's "service unavailable" answers a couple of times.
    private func fetch(_ request: SearchRequest, page: Int, perPage: Int) async throws -> FlickrPhotoList {
        let url = FlickrRequests.url(for: request, page: page, perPage: perPage, options: options)
        let reader = FlickrResponseReader(provider: name, keySource: context.whereToSet("api_key"))
        var attempt = 1
        while true {
            let response = try await context.http.send(HTTPRequest(url: url, secretNames: ["api_key"]))
            do {
                return try reader.read(response)
            } catch let error as ProviderError where error.isTransient && attempt < 3 && response.status != 429 {
                context.logger.debug("\(name): \(error); trying again")
                try await Task.sleep(for: .milliseconds(300 * attempt))
                attempt += 1
            }
        }
    }
}
