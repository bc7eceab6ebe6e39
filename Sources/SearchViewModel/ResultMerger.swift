import ProviderKit

/// Merges pages from several providers into one ranked, de-duplicated list.
///
/// Score is weighted reciprocal-rank fusion: weight / (60 + rank within its provider).
/// A photo reached twice keeps the richer record and the better score. Ties are broken by
/// provider order in the configuration, then rank within the provider, then id.
public struct ResultMerger: Sendable {
    /// The constant k of reciprocal-rank fusion.
    public static let fusionConstant = 60.0

    private struct Entry: Sendable {
        var photo: Photo
        var score: Double
        var providerOrder: Int
        var providerRank: Int
    }

    private let weights: [String: Double]
    private let order: [String: Int]
    private var entries: [Entry] = []
    private var entryByKey: [String: Int] = [:]
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
        entries.reserveCapacity(entries.count + photos.count)
        for photo in photos {
            rank += 1
            let candidate = Entry(
                photo: photo, score: weight / (Self.fusionConstant + Double(rank)), providerOrder: providerOrder,
                providerRank: rank)
            let keys = CanonicalKey.keys(for: photo)
            if let existing = firstEntry(matching: keys) {
                merge(candidate, into: existing)
                for key in keys where entryByKey[key] == nil { entryByKey[key] = existing }
            } else {
                for key in keys { entryByKey[key] = entries.count }
                entries.append(candidate)
            }
        }
        sentByProvider[provider] = rank
    }

    private func firstEntry(matching keys: [String]) -> Int? {
        for key in keys {
            if let index = entryByKey[key] { return index }
        }
        return nil
    }

    private mutating func merge(_ candidate: Entry, into index: Int) {
        var entry = entries[index]
        if Self.precedes(candidate, entry) {
            entry.score = candidate.score
            entry.providerOrder = candidate.providerOrder
            entry.providerRank = candidate.providerRank
        }
        if candidate.photo.richness > entry.photo.richness { entry.photo = candidate.photo }
        entries[index] = entry
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.providerOrder != b.providerOrder { return a.providerOrder < b.providerOrder }
        if a.providerRank != b.providerRank { return a.providerRank < b.providerRank }
        return a.photo.id < b.photo.id
    }

    /// The best `limit` photos, ranked.
    public func ranked(limit: Int) -> [RankedPhoto] {
        guard limit > 0, !entries.isEmpty else { return [] }
        let top: [Entry]
        if limit < entries.count / 4 {
            top = Self.selectTop(limit, from: entries)
        } else {
            top = Array(entries.sorted(by: Self.precedes).prefix(limit))
        }
        return top.enumerated().map { RankedPhoto(rank: $0.offset + 1, score: $0.element.score, photo: $0.element.photo) }
    }

    /// The first `k` entries in ranking order, without sorting everything.
    private static func selectTop(_ k: Int, from entries: [Entry]) -> [Entry] {
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
