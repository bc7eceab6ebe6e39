import ProviderKit
import ServiceBus

/// Everything one search has taken in so far: provider statuses, the merged ranking and the log.
///
/// Each page or provider result costs time for its own photos only (never for the photos or
/// providers before it), so a search costs time linear in what it receives; the snapshot,
/// whose cost grows with the number of providers and the limit, is built only when published.
struct SearchProgress {
    private var state: SearchState
    private var merger: ResultMerger
    private let log = SearchLogWriter()
    private let names: [String]
    private var running: [Bool]
    /// For each provider, the kinds of filter applied afterwards, and those some photo had the field for.
    private var filtersAfter: [SearchFilters.Capabilities]
    private var knownKinds: [SearchFilters.Capabilities]
    /// How many providers are still running.
    private(set) var runningCount: Int
    /// Each live provider's request as its time words reach it (``TimeWordRouting``), in lineup order.
    let routedRequests: [SearchRequest]
    /// Whether something changed since the last snapshot.
    private(set) var hasChanges = false

    /// A search for `request` over `lineup`, every live provider running, keeping the best `limit` photos.
    init(request: SearchRequest, lineup: ProviderLineup, limit: Int) {
        names = lineup.providers.map(\.name)
        merger = ResultMerger(providers: lineup.providers.map { ($0.name, $0.weight) }, limit: limit)
        running = Array(repeating: true, count: lineup.providers.count)
        filtersAfter = lineup.providers.map {
            request.filters.kinds.subtracting($0.provider.appliedFilters(for: request.operation))
        }
        knownKinds = Array(repeating: [], count: lineup.providers.count)
        runningCount = lineup.providers.count
        state = SearchState(
            request: request,
            providers: lineup.providers.map { ProviderStatus(name: $0.name, typeName: $0.typeName, phase: .running) }
                + lineup.skipped.map {
                    ProviderStatus(name: $0.name, typeName: $0.typeName, phase: .skipped, message: $0.reason)
                },
            results: [], isRunning: true)
        let routings = lineup.providers.map { TimeWordRouting(request, for: $0.provider) }
        routedRequests = routings.map(\.request)
        for (index, routing) in routings.enumerated() { state.providers[index].timeWords = routing.summary }
        for (index, live) in lineup.providers.enumerated() where !request.filters.isEmpty {
            let asked = request.filters.kinds
            let applied = live.provider.appliedFilters(for: request.operation)
            state.providers[index].filtersAtSource = asked.intersection(applied).names
            state.providers[index].filtersAfter = asked.subtracting(applied).names
        }
    }

    /// Whether the provider at `index` is still running.
    func isRunning(_ index: Int) -> Bool { running[index] }

    /// Takes in a page from the provider at `index`, unless it is no longer running.
    mutating func accept(_ report: ProviderRun.Report, from index: Int) {
        guard running[index] else { return }
        state.providers[index].removedByFilters += report.removed
        if report.reachedPageBound { state.providers[index].reachedPageBound = true }
        if let note = report.note { state.providers[index].note = note }
        knownKinds[index].formUnion(report.knownKinds)
        if let applied = report.appliedAtSource, !applied.isEmpty {
            filtersAfter[index].subtract(applied)
            let atSource = Set(state.providers[index].filtersAtSource).union(applied.names)
            state.providers[index].filtersAtSource = SearchFilters.Capabilities.all.names.filter(atSource.contains)
            state.providers[index].filtersAfter = filtersAfter[index].names
        }
        hasChanges = true
        let photos = report.photos
        guard !photos.isEmpty else { return }
        merger.add(photos, from: names[index])
        state.providers[index].count += photos.count
        log.append(.page(provider: names[index], photos: photos))
        hasChanges = true
    }

    /// Marks the provider at `index` as over, unless it already is.
    mutating func finish(_ index: Int, _ phase: ProviderStatus.Phase, message: String? = nil, after elapsed: Duration) {
        guard running[index] else { return }
        running[index] = false
        runningCount -= 1
        state.providers[index].phase = phase
        state.providers[index].message = message
        state.providers[index].duration = elapsed
        if state.providers[index].count + state.providers[index].removedByFilters > 0 {
            state.providers[index].filtersUnevaluable = filtersAfter[index].subtracting(knownKinds[index]).names
        }
        log.append(.providerFinished(state.providers[index]))
        hasChanges = true
    }

    /// The snapshot as of now; `isRunning` says whether the search goes on.
    mutating func snapshot(isRunning: Bool) -> SearchState {
        state.isRunning = isRunning
        state.results = merger.ranked()
        state.log = log.log
        hasChanges = false
        return state
    }
}
