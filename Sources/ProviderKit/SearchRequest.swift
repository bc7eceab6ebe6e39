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

    /// Creates a request.
    public init(_ operation: Operation, limit: Int) {
        self.operation = operation
        self.limit = limit
    }

    /// The query text, or `nil` for a popular feed.
    public var query: String? {
        if case .search(let text) = operation { return text }
        return nil
    }

    /// The same request asking for a different number of results.
    public func limited(to limit: Int) -> SearchRequest {
        SearchRequest(operation, limit: limit)
    }
}
