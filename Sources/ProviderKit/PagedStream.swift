import Synchronization

extension AsyncThrowingStream where Failure == any Error {
    /// A stream that asks `nextPage` for page 0, 1, 2, … until it returns `nil`.
    ///
    /// Each page is fetched only when the consumer asks for it, in the consumer's own
    /// task, so cancelling the consumer cancels the fetch and no task outlives the search.
    public static func pages(_ nextPage: @escaping @Sendable (_ index: Int) async throws -> Element?) -> Self {
        let counter = PageCounter()
        return AsyncThrowingStream {
            guard let index = counter.next() else { return nil }
            try Task.checkCancellation()
            guard let page = try await nextPage(index) else {
                counter.finish()
                return nil
            }
            return page
        }
    }
}

/// Hands out page numbers until the stream is finished.
private final class PageCounter: Sendable {
    private let state = Mutex<Int?>(0)

    func next() -> Int? {
        state.withLock { value in
            guard let current = value else { return nil }
            value = current + 1
            return current
        }
    }

    func finish() {
        state.withLock { $0 = nil }
    }
}
