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
    /// How many pages paging fetches, at most, to top up a share that filters applied after the
    /// fact left unfilled: pages beyond those that brought `wanted` photos before filtering.
    public static var extraPageBound: Int { 10 }

    /// Fetches pages 1, 2, 3, … and streams them until `wanted` photos that pass `filters` were
    /// sent, the source's pages run out (it says so, or sends an empty page), or page `lastPage`
    /// was fetched.
    ///
    /// `filters` are those the consumer applies after the fact (``SearchRequest/filtersAfter``):
    /// photos failing them are still sent (the consumer counts what it removes) but do not count
    /// towards `wanted`, so paging goes on to fill the share, for at most ``extraPageBound`` pages
    /// beyond those that brought `wanted` photos in all; when that bound stops it, a last empty
    /// page says so (``PhotoPage/reachedPageBound``). The last page is cut after the `wanted`-th
    /// passing photo. Pages are fetched in the consumer's task, one at a time, so cancellation
    /// stops the fetch.
    public static func paging(
        wanted: Int, lastPage: Int? = nil, keeping filters: SearchFilters = SearchFilters(),
        fetch: @escaping @Sendable (_ page: Int) async throws -> FetchedPage
    ) -> Self {
        let progress = PagingProgress(wanted: wanted, lastPage: lastPage ?? .max, extraPageBound: extraPageBound)
        return .pages { index in
            let page = index + 1
            switch progress.next(page: page) {
            case .done: return nil
            case .boundReached: return PhotoPage(photos: [], reachedPageBound: true)
            case .fetch(let remaining):
                let fetched = try await fetch(page)
                var passing = 0
                var photos: [Photo] = []
                for photo in fetched.photos where passing < remaining {
                    if filters.matches(photo) { passing += 1 }
                    photos.append(photo)
                }
                progress.record(
                    passing: passing, page: page, totalPages: fetched.totalPages, received: fetched.photos.count)
                return PhotoPage(photos: photos, totalAvailable: fetched.totalAvailable)
            }
        }
    }
}

/// How far paging has got: photos sent that count, photos received, and the last page worth asking for.
private final class PagingProgress: Sendable {
    enum Step {
        case fetch(remaining: Int)
        case boundReached
        case done
    }

    private struct State {
        var sent = 0
        var received = 0
        var extraPages = 0
        var lastPage: Int
        var over = false
    }

    private let wanted: Int
    private let extraPageBound: Int
    private let state: Mutex<State>

    init(wanted: Int, lastPage: Int, extraPageBound: Int) {
        self.wanted = wanted
        self.extraPageBound = extraPageBound
        state = Mutex(State(lastPage: lastPage))
    }

    /// What to do for `page`: fetch it (with how many passing photos are still wanted), say the
    /// extra-page bound stopped paging, or stop.
    func next(page: Int) -> Step {
        state.withLock { state in
            guard !state.over, page <= state.lastPage, wanted > state.sent else { return .done }
            if state.received >= wanted {  // without filters, paging would have stopped here
                guard state.extraPages < extraPageBound else {
                    state.over = true
                    return .boundReached
                }
                state.extraPages += 1
            }
            return .fetch(remaining: wanted - state.sent)
        }
    }

    func record(passing: Int, page: Int, totalPages: Int?, received: Int) {
        state.withLock { state in
            state.sent += passing
            state.received += received
            if let totalPages { state.lastPage = min(state.lastPage, totalPages) }
            if received == 0 { state.lastPage = min(state.lastPage, page) }  // an empty page ends the results
        }
    }
}
