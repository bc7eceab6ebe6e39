/// What the user asked every provider for.
public struct SearchRequest: Sendable, Equatable {
    /// Which kind of question this is.
    public enum Operation: Sendable, Equatable {
        /// Photos matching free text.
        case search(String)
        /// The provider's own popular or featured feed.
        case popular
    }

    /// Which kind of question this is.
    public var operation: Operation
    /// How many results the caller wants from each provider, at most.
    public var limit: Int
    /// When the answer is no longer wanted: a provider passes it to every request it makes
    /// (``HTTPRequest/deadline``), so no attempt, retry or wait runs past it.
    public var deadline: ContinuousClock.Instant?
    /// What the user wants the photos to be; a provider applies at its source those it can.
    public var filters: SearchFilters
    /// The part of ``filters`` the view-model applies to this provider's photos after the fact
    /// (what the provider does not apply itself): paging counts only photos that pass it
    /// towards the provider's share, and fetches more pages to fill it.
    public var filtersAfter: SearchFilters

    /// Creates a request.
    public init(
        _ operation: Operation, limit: Int, deadline: ContinuousClock.Instant? = nil,
        filters: SearchFilters = SearchFilters(), filtersAfter: SearchFilters = SearchFilters()
    ) {
        self.operation = operation
        self.limit = limit
        self.deadline = deadline
        self.filters = filters
        self.filtersAfter = filtersAfter
    }

    /// The query text, or `nil` for a popular feed.
    public var query: String? {
        if case .search(let text) = operation { return text }
        return nil
    }

    /// The same request asking for a different number of results.
    public func limited(to limit: Int) -> SearchRequest {
        var request = self
        request.limit = limit
        return request
    }

    /// The same request, due at `instant` or its own deadline, whichever comes first.
    public func due(by instant: ContinuousClock.Instant) -> SearchRequest {
        var request = self
        request.deadline = deadline.map { min($0, instant) } ?? instant
        return request
    }
}
