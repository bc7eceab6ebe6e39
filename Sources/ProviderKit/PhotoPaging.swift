import Synchronization

/// One page as a paging source reports it.
public struct FetchedPage: Sendable {
    /// The photos on the page, best first.
    public var photos: [Photo]
    /// How many pages the source says there are, when it says.
    public var totalPages: Int?
    /// How many results the source says there are, when it says.
    public var totalAvailable: Int?
    /// How many results the source sent before the provider filtered any out; 0 ends paging.
    public var sourceCount: Int

    /// Creates a fetched page; `sourceCount` defaults to the number of `photos`.
    public init(photos: [Photo], totalPages: Int? = nil, totalAvailable: Int? = nil, sourceCount: Int? = nil) {
        self.photos = photos
        self.totalPages = totalPages
        self.totalAvailable = totalAvailable
        self.sourceCount = sourceCount ?? photos.count
    }
}

extension AsyncThrowingStream where Element == PhotoPage, Failure == any Error {
    /// Fetches pages 1, 2, 3, … and streams them until `wanted` photos were sent, the source's
    /// pages run out (it says so, or sends an empty page), or page `lastPage` was fetched.
    ///
    /// The last page is cut so no more than `wanted` photos are sent in all. Pages are
    /// fetched in the consumer's task, one at a time, so cancellation stops the fetch.
    public static func paging(
        wanted: Int, lastPage: Int? = nil, fetch: @escaping @Sendable (_ page: Int) async throws -> FetchedPage
    ) -> Self {
        let progress = PagingProgress(wanted: wanted, lastPage: lastPage ?? .max)
        return .pages { index in
            let page = index + 1
            guard let remaining = progress.remaining(beforePage: page) else { return nil }
            let fetched = try await fetch(page)
            let photos = Array(fetched.photos.prefix(remaining))
            progress.record(
                sent: photos.count, page: page, totalPages: fetched.totalPages, received: fetched.photos.count)
            return PhotoPage(photos: photos, totalAvailable: fetched.totalAvailable)
        }
    }
}

/// How far paging has got: photos sent, and the last page worth asking for.
private final class PagingProgress: Sendable {
    private struct State {
        var sent = 0
        var lastPage: Int
    }

    private let wanted: Int
    private let state: Mutex<State>

    init(wanted: Int, lastPage: Int) {
        self.wanted = wanted
        state = Mutex(State(lastPage: lastPage))
    }

    /// Photos still wanted before fetching `page`, or `nil` when paging is over.
    func remaining(beforePage page: Int) -> Int? {
        state.withLock { state in
            page <= state.lastPage && wanted > state.sent ? wanted - state.sent : nil
        }
    }

    func record(sent: Int, page: Int, totalPages: Int?, received: Int) {
        state.withLock { state in
            state.sent += sent
            if let totalPages { state.lastPage = min(state.lastPage, totalPages) }
            if received == 0 { state.lastPage = min(state.lastPage, page) }  // an empty page ends the results
        }
    }
}
