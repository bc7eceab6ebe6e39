import Foundation
import Logging
import ProviderKit
import Synchronization

/// Searches Wikimedia Commons (files in namespace 6 that are photos or drawings), one batch at a
/// time: each request carries the `continue` object of the answer before it, so requests go in
/// series, never in parallel, as Wikimedia's API etiquette asks.
///
/// `popular` lists `popular_category` (Commons' featured pictures by default), newest first.
struct CommonsProvider: PhotoProvider {
    let name: String
    let options: CommonsFactory.Options
    let context: ProviderContext

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        var query: String?
        if let text = request.query {
            query = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if query?.isEmpty != false { return .pages { _ in nil } }
        }
        let parameters = CommonsRequests.parameters(query: query, options: options, filters: request.filters)
        let batches = CommonsBatches()
        // Every batch brings up to page_size new files; a few more for batches MediaWiki splits.
        let lastPage = request.limit / options.pageSize + 4
        return .paging(wanted: request.limit, lastPage: lastPage, keeping: request.filtersAfter) { page in
            guard let continuation = batches.continuation(before: page) else {
                return FetchedPage(photos: [], totalPages: page - 1)
            }
            let url = try CommonsRequests.url(parameters, continuation: continuation, endpoint: options.endpoint)
            let userAgent = await CommonsRequests.userAgent(contact: options.contact, http: context.http)
            var call = HTTPRequest.apiCall(
                url, for: request, context: context, headers: [.init("User-Agent", userAgent)])
            call.isTransientAnswer = CommonsResponseReader.isLagAnswer
            let answer = try CommonsResponseReader.read(
                try await context.http.sendAPI(call, source: "Wikimedia Commons"))
            for warning in answer.warnings {
                context.logger.debug(
                    "Wikimedia Commons warns: \(context.secrets.redact(warning).prefix(HTTPResponse.excerptLength))")
            }
            let next = answer.continuation.flatMap { $0 == continuation ? nil : $0 }
            let photos = batches.record(answer.pages, next: next, page: page, provider: name)
            return FetchedPage(
                checking: photos, provider: name, logger: context.logger, totalPages: next == nil ? page : nil,
                sourceCount: answer.pages.count)
        }
    }
}

/// The continuation between batches, and the files already sent: when MediaWiki splits one
/// batch's file information over several answers (`iicontinue`), the same pages come again.
final class CommonsBatches: Sendable {
    private struct State {
        var continuations: [Int: [String: String]] = [1: [:]]
        var sent: Set<String> = []
    }

    private let state = Mutex(State())

    /// What to send back with `page`, or `nil` when the answer before said there is no more.
    func continuation(before page: Int) -> [String: String]? {
        state.withLock { $0.continuations[page] }
    }

    /// The new photos of a batch, by search rank (`index`), else newest page id first.
    func record(_ pages: [String: CommonsPage], next: [String: String]?, page: Int, provider: String) -> [Photo] {
        let ordered = pages.sorted { lhs, rhs in
            switch (lhs.value.index, rhs.value.index) {
            case (let left?, let right?) where left != right: return left < right
            case (_?, nil): return true
            case (nil, _?): return false
            default: return (lhs.value.pageID ?? 0, lhs.key) > (rhs.value.pageID ?? 0, rhs.key)
            }
        }
        return state.withLock { state in
            state.continuations[page + 1] = next
            return ordered.compactMap { CommonsPhotoMapping.photo($0.value, provider: provider) }
                .filter { state.sent.insert($0.id).inserted }
        }
    }
}
