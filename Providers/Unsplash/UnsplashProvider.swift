import Foundation
import ProviderKit

/// Searches Unsplash (or reads its Editorial feed for `popular`), streaming each page as it arrives.
struct UnsplashProvider: PhotoProvider {
    let name: String
    let options: UnsplashFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let query = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query?.isEmpty != true, request.limit > 0 else {
            return .pages { _ in nil }  // an empty query never calls the API (nor spends quota)
        }
        let perPage = min(options.perPage, request.limit)
        let reader = UnsplashResponseReader(keySource: context.whereToSet("access_key"), logger: context.logger)
        return .paging(wanted: request.limit, keeping: request.filtersAfter) { page in
            let url = try UnsplashRequests.url(for: request, page: page, perPage: perPage, options: options)
            let call = HTTPRequest.apiCall(
                url, for: request, context: context, headers: UnsplashRequests.headers(accessKey: options.accessKey),
                secretNames: UnsplashRequests.secretNames)
            let response = try await context.http.sendAPI(call, source: "Unsplash")
            if request.query == nil {
                let photos = try reader.feedPage(response, maxResults: perPage)
                let total = UnsplashResponseReader.feedTotal(response)
                return FetchedPage(
                    checking: photos.map { UnsplashPhotoMapping.photo($0, provider: name) }, provider: name,
                    logger: context.logger,
                    totalPages: total.map { $0 / perPage + ($0 % perPage == 0 ? 0 : 1) }, totalAvailable: total)
            }
            let list = try reader.searchPage(response, maxResults: perPage)
            return FetchedPage(
                checking: list.results.elements.map { UnsplashPhotoMapping.photo($0, provider: name) }, provider: name,
                logger: context.logger,
                totalPages: list.totalPages, totalAvailable: list.total)
        }
    }

    /// Calls the photo's `download_location` with the key, as Unsplash's API guidelines require
    /// for every download. Only on the configured API's own scheme, host and port: the address
    /// comes from an answer, and the key must never go anywhere else.
    func reportDownload(of photo: Photo) async throws {
        guard let url = photo.downloadTrackingURL else { return }
        let api = options.endpoint
        // A port left out is the scheme's own: https://api.unsplash.com:443/ is the same API.
        func port(_ url: URL) -> Int? { url.port ?? ["http": 80, "https": 443][url.scheme?.lowercased() ?? ""] }
        guard url.scheme?.lowercased() == api.scheme?.lowercased(), url.host?.lowercased() == api.host?.lowercased(),
            port(url) == port(api)
        else {
            throw ProviderError.badData(
                "Unsplash named a download report address outside \(api.host ?? "its API"); it was not called, "
                    + "so the key is not sent there")
        }
        let request = HTTPRequest(
            url: url, headers: UnsplashRequests.headers(accessKey: options.accessKey), timeout: .seconds(15),
            maxResponseBytes: 1 << 20, secretNames: UnsplashRequests.secretNames, logger: context.logger)
        let response = try await context.http.send(request)
        guard response.isSuccess else {
            throw ProviderError.unavailable("Unsplash answered \(response.status) to the download report")
        }
    }
}
