import Foundation
import ProviderKit

/// Reads Picsum's list page by page. Picsum has no search: a search keeps the photos whose
/// photographer's name holds every word of the query, from the first ``searchPages`` pages;
/// the popular feed is the list in Picsum's order.
struct PicsumProvider: PhotoProvider {
    let name: String
    let options: PicsumFactory.Options
    let context: ProviderContext

    /// How many pages of the list a search reads at most.
    static let searchPages = 10

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let words = (request.query ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        if request.query != nil && words.isEmpty { return .pages { _ in nil } }
        let lastPage = words.isEmpty ? nil : Self.searchPages
        return .paging(wanted: request.limit, lastPage: lastPage, keeping: request.filtersAfter) { page in
            let url = try PicsumWire.listURL(endpoint: options.endpoint, page: page, limit: options.pageSize)
            let response = try await context.http.sendAPI(
                .apiCall(url, for: request, context: context), source: "Picsum")
            let items = try PicsumWire.items(in: response)
            let photos = items.map { PicsumWire.photo($0, provider: name) }.filter { photo in
                let author = photo.author?.lowercased() ?? ""
                return words.allSatisfy { author.contains($0) }
            }
            // A short page is the list's last.
            return FetchedPage(
                checking: photos, provider: name, logger: context.logger,
                totalPages: items.count < options.pageSize ? page : nil, sourceCount: items.count)
        }
    }
}
