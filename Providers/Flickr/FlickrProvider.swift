import Foundation
import Logging
import ProviderKit
import Synchronization

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
        let progress = PagingProgress()
        return .pages { index in
            let page = index + 1
            guard let remaining = progress.remaining(wanted: wanted), page <= progress.lastPage else { return nil }
            let list = try await fetch(request, page: page, perPage: perPage)
            let photos = list.photo.prefix(remaining).map { FlickrPhotoMapping.photo($0, provider: name) }
            progress.record(
                sent: photos.count, pages: list.pages?.int, page: page, perPage: perPage, received: list.photo.count)
            return PhotoPage(photos: photos, totalAvailable: list.total?.int)
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

/// How far paging has got: photos sent, and the last page Flickr says exists.
private final class PagingProgress: Sendable {
    private struct State {
        var sent = 0
        var lastPage = Int.max
    }

    private let state = Mutex(State())

    var lastPage: Int { state.withLock { $0.lastPage } }

    /// Photos still wanted, or `nil` when done.
    func remaining(wanted: Int) -> Int? {
        state.withLock { wanted - $0.sent > 0 ? wanted - $0.sent : nil }
    }

    func record(sent: Int, pages: Int?, page: Int, perPage: Int, received: Int) {
        state.withLock { state in
            state.sent += sent
            var last = min(
                pages ?? Int.max,
                FlickrRequests.resultCeiling / perPage + (FlickrRequests.resultCeiling % perPage == 0 ? 0 : 1))
            if received == 0 { last = page }  // an empty page ends the results whatever `pages` says
            state.lastPage = min(state.lastPage, last)
        }
    }
}
