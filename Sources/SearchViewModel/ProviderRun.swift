import Places
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

    /// The error's text without a leading "<name>: ": the status line names the provider
    /// already ("f failed: f: …" said it twice).
    static func message(_ error: any Error, from name: String) -> String {
        let text = String(describing: error)
        let prefix = "\(name): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
    /// The request for this provider: its share of results, due at its own deadline.
    let request: SearchRequest

    /// What one page brought that the search keeps.
    struct Report: Sendable {
        /// The photos that passed the filters applied after the fact, within the share.
        var photos: [Photo]
        /// How many photos failed those filters.
        var removed = 0
        /// Whether the provider's paging stopped at its extra-page bound.
        var reachedPageBound = false
        /// The kinds of filter applied afterwards that some photo on the page had the field for.
        var knownKinds: SearchFilters.Capabilities = []
        /// The kinds of filter asked for that the source said, during the run, it applied itself.
        var appliedAtSource: SearchFilters.Capabilities?
        /// The page's note for the provider's status (``PhotoPage/note``).
        var note: String?
    }

    /// Streams pages to `onPage`, cut so no more than `request.limit` photos are reported in all,
    /// until the provider finishes, fails or the task is cancelled. Photos failing
    /// ``SearchRequest/filtersAfter`` are dropped (and counted) before they count towards the
    /// share; photos past the limit and empty pages are dropped too, so what a provider sends
    /// beyond its share costs no memory.
    func run(onPage: @Sendable (Report) -> Void) async -> Outcome {
        var remaining = max(0, request.limit)
        var filters = request.filtersAfter
        do {
            for try await page in provider.pages(for: request) {
                if Task.isCancelled { return .cancelled }
                if page.reachedPageBound { onPage(Report(photos: [], reachedPageBound: true)) }
                if let note = page.note { onPage(Report(photos: [], note: note)) }
                if let declared = page.appliedFilters {
                    let applied = declared.intersection(filters.kinds)
                    filters = filters.removing(applied)
                    onPage(Report(photos: [], appliedAtSource: applied))
                }
                guard remaining > 0, !page.photos.isEmpty else { continue }
                var report = Report(photos: [])
                // Every provider's photos pass the same checks here, plugins' too: only web links
                // (a local file's own aside), and no value a photo cannot have.
                // A photo with a position gets the names of where it was taken.
                let checked = page.photos.lazy.compactMap {
                    $0.withWebLinksOnly().withoutImpossibleValues().photo?.namingPlace()
                }
                for photo in checked where report.photos.count < remaining {
                    if !filters.isEmpty {
                        report.knownKinds.formUnion(filters.kinds.subtracting(filters.unknownKinds(in: photo)))
                    }
                    if filters.isEmpty || filters.matches(photo) {
                        report.photos.append(photo)
                    } else {
                        report.removed += 1
                    }
                }
                remaining -= report.photos.count
                if !report.photos.isEmpty || report.removed > 0 { onPage(report) }
            }
            return Task.isCancelled ? .cancelled : .ok
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(error is CancellationError ? "cancelled" : Self.message(error, from: provider.name))
        }
    }
}
