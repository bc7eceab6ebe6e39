import ProviderKit

/// Merges pages from several providers into one ranked, de-duplicated list.
///
/// Score is weighted reciprocal-rank fusion summed over providers: a photo's score is the sum,
/// over every provider that returned it, of weight / (60 + its rank there); within one provider
/// only its best rank counts. A photo reached twice keeps the richer record (equally rich: the
/// record of the provider listed first, then of its better rank), whichever provider answered
/// first. Ties are broken by the first-listed provider that returned the photo, then its rank there.
///
/// The best `limit` photos are kept up to date as pages arrive (a heap of `limit` entries), so
/// adding a page costs O(page × log limit) and reading the ranking O(limit × log limit), however
/// many photos arrived before: a search costs time linear in the photos it receives.
package struct ResultMerger: Sendable {
    /// The constant k of reciprocal-rank fusion.
    package static let fusionConstant = 60.0

    /// One distinct photo: where its record is kept, and its placing.
    private struct Entry: Sendable {
        /// Where the record shown for the photo is, and which provider and rank sent it.
        var page: Int
        var index: Int
        var recordOrder: Int
        var recordRank: Int
        /// Its placing: the sum of its contributions, and the first-listed provider's rank.
        var placing: Placing
        /// The providers (by place in the configuration) that sent it, with their best rank, in
        /// the order they arrived; the first kept apart so a photo one provider sent allocates nothing.
        var first: Sent
        var more: [Sent] = []

        /// Every provider that sent the photo, in configuration order.
        var sent: [Sent] { ([first] + more).sorted { $0.order < $1.order } }
    }

    /// A provider's place in the configuration and the photo's best rank within it.
    private struct Sent: Sendable {
        var order: Int
        var rank: Int
    }

    private let weights: [String: Double]
    private var order: [String: Int]
    /// Provider names by place in the configuration (then of first appearance).
    private var names: [String]
    /// Every page as it arrived; entries refer into these, so no photo is copied while merging.
    private var pages: [[Photo]] = []
    private var entries: [Entry] = []
    private var entryByKey = FingerprintTable()
    private var sentByProvider: [String: Int] = [:]
    private var top: TopPlacings

    /// Creates a merger; `providers` lists instance names with weights, in configuration order,
    /// and ``ranked()`` keeps the best `limit` photos.
    package init(providers: [(name: String, weight: Double)], limit: Int = 30) {
        var weights: [String: Double] = [:]
        var order: [String: Int] = [:]
        for (index, provider) in providers.enumerated() where order[provider.name] == nil {
            weights[provider.name] = provider.weight
            order[provider.name] = index
        }
        self.weights = weights
        self.order = order
        names = Array(repeating: "", count: (order.values.max() ?? -1) + 1)
        for (name, index) in order { names[index] = name }
        top = TopPlacings(limit: limit)
    }

    /// How many distinct photos the merger holds.
    package var count: Int { entries.count }

    /// Adds a page from `provider`, ranks continuing from its earlier pages.
    package mutating func add(_ photos: [Photo], from provider: String) {
        guard !photos.isEmpty else { return }
        let weight = weights[provider] ?? 1.0
        let providerOrder = orderOf(provider)
        var rank = sentByProvider[provider, default: 0]
        let page = pages.count
        pages.append(photos)  // `entries` grows geometrically: reserving per page would copy it every page
        for index in photos.indices {  // indexing, not `for photo in`, avoids copying each record
            rank += 1
            let candidate = Entry(
                page: page, index: index, recordOrder: providerOrder, recordRank: rank,
                placing: Placing(
                    score: Self.contribution(weight: weight, rank: rank), providerOrder: providerOrder,
                    providerRank: rank),
                first: Sent(order: providerOrder, rank: rank))
            let idKey = PhotoFingerprint.id(provider: providerOrder, id: photos[index].id)
            let pageKey = photos[index].pageURL.flatMap(PhotoFingerprint.page)
            let existing = entryByKey.value(for: idKey) ?? pageKey.flatMap(entryByKey.value(for:))
            let target = existing ?? entries.count
            entryByKey.insertIfAbsent(idKey, target)
            if let pageKey { entryByKey.insertIfAbsent(pageKey, target) }
            if let existing {
                if merge(candidate, into: existing) { top.offer(existing, entries[existing].placing) }
            } else {
                entries.append(candidate)
                top.offerNew(target, candidate.placing)
            }
        }
        sentByProvider[provider] = rank
    }

    /// A provider's place in the configuration; one the merger was not told about ranks after
    /// every configured one, in order of first appearance, so no two providers share a place.
    private mutating func orderOf(_ provider: String) -> Int {
        if let known = order[provider] { return known }
        let next = (order.values.max() ?? -1) + 1
        order[provider] = next
        if names.count <= next { names += Array(repeating: "", count: next + 1 - names.count) }
        names[next] = provider
        return next
    }

    /// The term a provider adds to a photo's score: its weight over (k + the photo's rank there).
    package static func contribution(weight: Double, rank: Int) -> Double {
        weight / (fusionConstant + Double(rank))
    }

    private func weight(ofOrder order: Int) -> Double {
        order < names.count ? weights[names[order]] ?? 1.0 : 1.0
    }

    /// The placing of photos sent by `sent` (in configuration order): the sum of their
    /// contributions, added in configuration order so any arrival order gives the same score.
    private func placing(_ sent: [Sent]) -> Placing {
        let score = sent.reduce(0.0) { $0 + Self.contribution(weight: weight(ofOrder: $1.order), rank: $1.rank) }
        return Placing(score: score, providerOrder: sent.first?.order ?? 0, providerRank: sent.first?.rank ?? 0)
    }

    private func photo(_ entry: Entry) -> Photo { pages[entry.page][entry.index] }

    /// Folds `candidate` into the entry at `index`; `true` when its placing got better.
    private mutating func merge(_ candidate: Entry, into index: Int) -> Bool {
        var entry = entries[index]
        let candidateRichness = photo(candidate).richness
        let entryRichness = photo(entry).richness
        if candidateRichness > entryRichness
            || (candidateRichness == entryRichness
                && (candidate.recordOrder, candidate.recordRank) < (entry.recordOrder, entry.recordRank))
        {
            entry.page = candidate.page
            entry.index = candidate.index
            entry.recordOrder = candidate.recordOrder
            entry.recordRank = candidate.recordRank
        }
        // Within one provider the best rank counts once: a provider's later record ranks lower.
        guard entry.first.order != candidate.first.order,
            !entry.more.contains(where: { $0.order == candidate.first.order })
        else {
            entries[index] = entry
            return false
        }
        entry.more.append(candidate.first)
        let placing = placing(entry.sent)
        let placedBetter = placing.precedes(entry.placing)
        entry.placing = placing
        entries[index] = entry
        return placedBetter
    }

    /// The best `limit` photos (the limit the merger was created with), ranked.
    package func ranked() -> [RankedPhoto] {
        rankedPhotos(top.sorted())
    }

    /// The best `limit` photos, ranked, for any `limit`: from the kept best ones when `limit`
    /// is within them, otherwise by selecting among every photo.
    package func ranked(limit: Int) -> [RankedPhoto] {
        guard limit > 0, !entries.isEmpty else { return [] }
        if limit <= top.limit { return Array(ranked().prefix(limit)) }
        var all = entries.indices.map { (placing: entries[$0].placing, entry: $0) }
        all.sort { $0.placing.precedes($1.placing) }
        return rankedPhotos(all.prefix(limit).map(\.entry))
    }

    private func rankedPhotos(_ indices: [Int]) -> [RankedPhoto] {
        indices.enumerated().map {
            let entry = entries[$0.element]
            return RankedPhoto(
                rank: $0.offset + 1, score: entry.placing.score, photo: photo(entry),
                explanation: entry.sent.map {
                    let weight = weight(ofOrder: $0.order)
                    return ScoreContribution(
                        provider: names[$0.order], rank: $0.rank, weight: weight,
                        value: Self.contribution(weight: weight, rank: $0.rank))
                })
        }
    }
}
