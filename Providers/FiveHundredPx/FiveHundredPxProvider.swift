import Foundation
import ProviderKit

/// Searches 500px, or reads one of its feeds, streaming each page as it arrives.
struct FiveHundredPxProvider: PhotoProvider {
    let name: String
    let options: FiveHundredPxFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let term = request.query?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard term?.isEmpty != true, request.limit > 0 else { return .pages { _ in nil } }
        let perPage = min(options.rpp, request.limit)
        return .paging(wanted: request.limit, keeping: request.filtersAfter) { page in
            let url = try FiveHundredPxRequests.url(for: request, page: page, perPage: perPage, options: options)
            let response = try await context.http.sendAPI(
                .apiCall(url, for: request, context: context, secretNames: ["consumer_key"]), source: "500px")
            let list = try read(response, maxPhotos: perPage)
            let photos = list.photos.elements
            let kept = photos.filter { options.includeNSFW || $0.nsfw != true }
            return FetchedPage(
                checking: kept.map { FiveHundredPxPhotoMapping.photo($0, provider: name) }, provider: name,
                logger: context.logger,
                totalPages: list.totalPages, totalAvailable: list.totalItems, sourceCount: photos.count)
        }
    }

    /// The photos in `response` (no more than `maxPhotos` decoded), or an error that says what to do.
    /// Text the server wrote reaches the message only with the request's secrets hidden.
    func read(_ response: HTTPResponse, maxPhotos: Int = 100) throws -> FiveHundredPxPhotosResponse {
        guard response.isSuccess else {
            let detail =
                (try? JSONDecoder().decode(FiveHundredPxError.self, from: response.body))?.error
                .map { String(response.redacted($0).prefix(HTTPResponse.excerptLength)) }
                ?? response.bodyExcerpt
            switch response.status {
            case 401:
                throw ProviderError.rejected(
                    "500px rejected the consumer key (\(detail)); check \(context.whereToSet("consumer_key"))")
            case 403:
                throw ProviderError.rejected(
                    "500px refused access (\(detail)); the consumer key may lack permission, check \(context.whereToSet("consumer_key"))"
                )
            case 404:
                throw ProviderError.notFound("500px has no such resource (\(detail)); check `endpoint` and `feature`")
            case 429:
                throw ProviderError.unavailable(
                    "500px says this key is over its rate limit; wait a while and try again")
            default:
                throw ProviderError.unavailable("500px answered HTTP \(response.status) (\(detail)); try again later")
            }
        }
        do {
            return try JSONDecoder.bounded(to: maxPhotos).decode(FiveHundredPxPhotosResponse.self, from: response.body)
        } catch {
            throw ProviderError.badData(
                "500px sent a response that is not the JSON it documents: \(response.bodyExcerpt)")
        }
    }
}

/// Builds 500px's v1 calls.
enum FiveHundredPxRequests {
    static func url(for request: SearchRequest, page: Int, perPage: Int, options: FiveHundredPxFactory.Options)
        throws -> URL
    {
        let sizes =
            options.thumbnailSize == options.imageSize
            ? "\(options.imageSize)" : "\(options.thumbnailSize),\(options.imageSize)"
        var items: [URLQueryItem]
        var path: String
        switch request.operation {
        case .search(let term):
            path = "photos/search"
            items = [URLQueryItem(name: "term", value: term)]
        case .popular:
            path = "photos"
            items = [
                URLQueryItem(name: "feature", value: options.feature), URLQueryItem(name: "sort", value: options.sort),
            ]
        }
        items += [
            URLQueryItem(name: "rpp", value: String(perPage)),
            URLQueryItem(name: "image_size", value: sizes),
            URLQueryItem(name: "tags", value: "1"),  // tags come only when asked for
        ]
        if !options.exclude.isEmpty {
            items.append(URLQueryItem(name: "exclude", value: options.exclude.joinedText(separator: ",")))
        }
        items += [
            URLQueryItem(name: "consumer_key", value: options.consumerKey),
            URLQueryItem(name: "page", value: String(page)),
        ]
        return try URL.apiCall(endpoint: options.endpoint, path: path, query: items, source: "500px")
    }
}
