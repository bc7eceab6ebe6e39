import ProviderKit

/// Runs one provider's stream to its end, reporting each page it may keep as it arrives.
///
/// A run never decides when it is over for the search: timeouts, the deadline and the caller's
/// cancellation are the view-model's, which stops waiting for the run and cancels its task.
struct ProviderRun: Sendable {
    /// How a provider's stream ended on its own.
    enum Outcome: Sendable, Equatable {
        case ok
        case failed(String)
        case cancelled
    }

    let provider: any PhotoProvider
    /// The request for this provider: its share of results, due at its own deadline.
    let request: SearchRequest

    /// Streams pages to `onPage`, cut so no more than `request.limit` photos are reported in all,
    /// until the provider finishes, fails or the task is cancelled. Photos past the limit and
    /// empty pages are dropped here, so what a provider sends beyond its share costs no memory.
    func run(onPage: @Sendable ([Photo]) -> Void) async -> Outcome {
        var remaining = max(0, request.limit)
        do {
            for try await page in provider.pages(for: request) {
                if Task.isCancelled { return .cancelled }
                guard remaining > 0, !page.photos.isEmpty else { continue }
                let photos = page.photos.count <= remaining ? page.photos : Array(page.photos.prefix(remaining))
                remaining -= photos.count
                onPage(photos)
            }
            return Task.isCancelled ? .cancelled : .ok
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(error is CancellationError ? "cancelled" : String(describing: error))
        }
    }
}
