import ProviderKit

/// An immutable snapshot of a search: what each provider is doing and the ranked results so far.
package struct SearchState: Sendable {
    /// The request being answered; `nil` before the first search.
    package var request: SearchRequest?
    /// One entry per provider: the live ones first, then the skipped ones, in configuration order.
    package var providers: [ProviderStatus]
    /// The merged, ranked results so far, best first.
    package var results: [RankedPhoto]
    /// Whether any provider may still add results; `false` before the search and once it is over.
    package var isRunning: Bool
    /// Every page and provider result so far, in order, for views that show each of them.
    package var log: SearchLog

    /// The state before any search.
    package static let idle = SearchState(request: nil, providers: [], results: [], isRunning: false)

    /// Creates a snapshot.
    package init(
        request: SearchRequest?, providers: [ProviderStatus], results: [RankedPhoto], isRunning: Bool,
        log: SearchLog = SearchLog()
    ) {
        self.request = request
        self.providers = providers
        self.results = results
        self.isRunning = isRunning
        self.log = log
    }

    /// Whether this is the final snapshot of a search: it started and is over.
    package var isFinished: Bool { request != nil && !isRunning }

    /// Whether at least one provider ran and every provider that ran failed or timed out
    /// without a photo. A provider that timed out after giving photos gave a partial answer
    /// (``ProviderStatus/isPartial``): the search has results, and did not fail.
    package var everyProviderFailed: Bool {
        let ran = providers.filter { $0.phase != .skipped }
        return !ran.isEmpty && ran.allSatisfy { $0.phase == .failed || ($0.phase == .timedOut && !$0.isPartial) }
    }

    /// Kinds of filter (``SearchFilters/Capabilities/names``) that no provider evaluated: none
    /// applied it at its source, and no photo any provider sent had the field for it, while some
    /// provider's photos lacked it (so the filter removed every photo). Reported once, as a note.
    package var filtersNoProviderEvaluated: [String] {
        let ran = providers.filter { $0.phase != .skipped }
        let lacking = Set(ran.flatMap(\.filtersUnevaluable))
        return SearchFilters.Capabilities.all.names.filter { kind in
            lacking.contains(kind)
                && !ran.contains { status in
                    status.filtersAtSource.contains(kind)
                        || (status.filtersAfter.contains(kind) && !status.filtersUnevaluable.contains(kind)
                            && status.count + status.removedByFilters > 0)
                }
        }
    }

    /// Whether the search ended because it was cancelled.
    package var wasCancelled: Bool { providers.contains { $0.phase == .cancelled } }
}

/// How one provider is doing in the current search.
package struct ProviderStatus: Sendable, Equatable {
    /// Where a provider is in its work.
    package enum Phase: String, Sendable, Equatable {
        /// Still answering.
        case running
        /// Answered completely.
        case ok
        /// Stopped with an error.
        case failed
        /// Did not finish before its timeout or the search deadline.
        case timedOut = "timed_out"
        /// Not run (disabled, missing key, no popular feed).
        case skipped
        /// Stopped because the search was cancelled.
        case cancelled
    }

    /// The instance name.
    package var name: String
    /// The provider type.
    package var typeName: String
    /// Where the provider is.
    package var phase: Phase
    /// How many photos it has sent.
    package var count: Int
    /// Whether it timed out after sending photos: a partial answer, whose photos are in the
    /// results (the search did not fail for it; see ``SearchState/everyProviderFailed``).
    package var isPartial: Bool { phase == .timedOut && count > 0 }
    /// How long it took, once it is done.
    package var duration: Duration?
    /// Why it failed or was skipped.
    package var message: String?
    /// What the provider said about its run, whatever its phase ("index off: …").
    package var note: String?
    /// The kinds of filter its source applied itself (``SearchFilters/Capabilities/names``).
    package var filtersAtSource: [String] = []
    /// The kinds of filter the search applied to its photos after the fact.
    package var filtersAfter: [String] = []
    /// How the query's time words reached it (``TimeWordRouting``); `nil` when there were none.
    package var timeWords: String?
    /// How many of its photos failed the filters applied after the fact.
    package var removedByFilters = 0
    /// Whether it stopped fetching at the extra-page bound with its share still unfilled.
    package var reachedPageBound = false
    /// Kinds of filter applied afterwards that no photo it sent had the field for (its source
    /// does not give, say, dates): those filters removed every photo it sent.
    package var filtersUnevaluable: [String] = []

    /// Creates a status.
    package init(
        name: String, typeName: String, phase: Phase, count: Int = 0, duration: Duration? = nil,
        message: String? = nil
    ) {
        self.name = name
        self.typeName = typeName
        self.phase = phase
        self.count = count
        self.duration = duration
        self.message = message
    }
}

/// A photo in the merged list with its place and score.
package struct RankedPhoto: Sendable, Equatable {
    /// 1-based position in the merged list.
    package var rank: Int
    /// Weighted reciprocal-rank-fusion score, the sum of ``explanation``'s values; higher is better.
    package var score: Double
    /// The richest record of the photo among the providers that found it.
    package var photo: Photo
    /// What each provider that returned the photo added to its score, in configuration order.
    package var explanation: [ScoreContribution]

    /// Creates a ranked photo.
    package init(rank: Int, score: Double, photo: Photo, explanation: [ScoreContribution] = []) {
        self.rank = rank
        self.score = score
        self.photo = photo
        self.explanation = explanation
    }
}

/// One provider's term in a photo's score: weight / (60 + rank), its rank there the best it gave.
package struct ScoreContribution: Sendable, Equatable {
    /// The provider's instance name.
    package var provider: String
    /// The photo's best rank within the provider (1 is its first result).
    package var rank: Int
    /// The provider's configured weight.
    package var weight: Double
    /// What it added to the score: weight / (60 + rank).
    package var value: Double

    /// Creates a contribution.
    package init(provider: String, rank: Int, weight: Double, value: Double) {
        self.provider = provider
        self.rank = rank
        self.weight = weight
        self.value = value
    }
}
