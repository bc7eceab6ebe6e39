import ProviderKit

/// Merges pages from several providers into one ranked, de-duplicated list.
///
/// Score is weighted reciprocal-rank fusion: weight / (60 + rank within its provider).
/// A photo reached twice keeps the richer record and the better score. Ties are broken by
/// provider order in the configuration, then rank within the provider, then id.
public struct ResultMerger: Sendable {
    /// The constant k of reciprocal-rank fusion.
    public static let fusionConstant = 60.0

    /// One distinct photo: where its record is kept, and its best placing.
    private struct Entry: Sendable {
        var page: Int
        var index: Int
        var score: Double
        var providerOrder: Int
        var providerRank: Int
    }

    private let weights: [String: Double]
    private let order: [String: Int]
    /// Every page as it arrived; entries refer into these, so no photo is copied while merging.
    private var pages: [[Photo]] = []
    private var entries: [Entry] = []
    private var entryByKey = FingerprintTable()
    private var sentByProvider: [String: Int] = [:]

    /// Creates a merger; `providers` lists instance names with weights, in configuration order.
    public init(providers: [(name: String, weight: Double)]) {
        var weights: [String: Double] = [:]
        var order: [String: Int] = [:]
        for (index, provider) in providers.enumerated() {
            weights[provider.name] = provider.weight
            order[provider.name] = index
        }
        self.weights = weights
        self.order = order
    }

    /// How many distinct photos the merger holds.
    public var count: Int { entries.count }

    /// Adds a page from `provider`, ranks continuing from its earlier pages.
    public mutating func add(_ photos: [Photo], from provider: String) {
        let weight = weights[provider] ?? 1.0
        let providerOrder = order[provider] ?? order.count
        var rank = sentByProvider[provider, default: 0]
        let page = pages.count
        pages.append(photos)
        entries.reserveCapacity(entries.count + photos.count)
        for index in photos.indices {  // indexing, not `for photo in`, avoids copying each record
            rank += 1
            let candidate = Entry(
                page: page, index: index, score: weight / (Self.fusionConstant + Double(rank)),
                providerOrder: providerOrder, providerRank: rank)
            let idKey = PhotoFingerprint.id(provider: providerOrder, id: photos[index].id)
            let pageKey = photos[index].pageURL.flatMap(PhotoFingerprint.page)
            let existing = entryByKey.value(for: idKey) ?? pageKey.flatMap(entryByKey.value(for:))
            let target = existing ?? entries.count
            entryByKey.insertIfAbsent(idKey, target)
            if let pageKey { entryByKey.insertIfAbsent(pageKey, target) }
            if let existing {
                merge(candidate, into: existing)
            } else {
                entries.append(candidate)
            }
        }
        sentByProvider[provider] = rank
    }

    private func photo(_ entry: Entry) -> Photo { pages[entry.page][entry.index] }

    private mutating func merge(_ candidate: Entry, into index: Int) {
        var entry = entries[index]
        let keepsCandidateRecord = photo(candidate).richness > photo(entry).richness
        if precedes(candidate, entry) {
            entry.score = candidate.score
            entry.providerOrder = candidate.providerOrder
            entry.providerRank = candidate.providerRank
        }
        if keepsCandidateRecord {
            entry.page = candidate.page
            entry.index = candidate.index
        }
        entries[index] = entry
    }

    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.providerOrder != b.providerOrder { return a.providerOrder < b.providerOrder }
        if a.providerRank != b.providerRank { return a.providerRank < b.providerRank }
        return photo(a).id < photo(b).id
    }

    /// The best `limit` photos, ranked.
    public func ranked(limit: Int) -> [RankedPhoto] {
        guard limit > 0, !entries.isEmpty else { return [] }
        let top: [Entry]
        if limit < entries.count / 4 {
            top = selectTop(limit)
        } else {
            top = Array(entries.sorted(by: precedes).prefix(limit))
        }
        return top.enumerated().map {
            RankedPhoto(rank: $0.offset + 1, score: $0.element.score, photo: photo($0.element))
        }
    }

    /// The first `k` entries in ranking order, without sorting everything.
    private func selectTop(_ k: Int) -> [Entry] {
        var best: [Entry] = []
        best.reserveCapacity(k + 1)
        for entry in entries {
            if best.count == k, let last = best.last, !precedes(entry, last) { continue }
            var low = 0
            var high = best.count
            while low < high {
                let mid = (low + high) / 2
                if precedes(best[mid], entry) { low = mid + 1 } else { high = mid }
            }
            best.insert(entry, at: low)
            if best.count > k { best.removeLast() }
        }
        return best
    }
}
