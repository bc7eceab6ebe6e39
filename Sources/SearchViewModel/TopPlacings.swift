/// Where a photo stands in the merged ranking: what ``ResultMerger`` orders by.
struct Placing: Sendable, Equatable {
    /// Weighted reciprocal-rank-fusion score; higher is better.
    var score: Double
    /// The place in the configuration of the first-listed provider that returned the photo.
    var providerOrder: Int
    /// The photo's rank within that provider.
    var providerRank: Int

    /// Whether this placing ranks before `other`: the better score, then the provider listed
    /// first, then the better rank within it. No two photos share a provider and a rank, so
    /// this is a total order.
    func precedes(_ other: Placing) -> Bool {
        if score != other.score { return score > other.score }
        if providerOrder != other.providerOrder { return providerOrder < other.providerOrder }
        return providerRank < other.providerRank
    }
}

/// The best `limit` entries seen so far, kept in a heap with the worst at the root, so an entry
/// that does not make the cut costs one comparison and one that does costs O(log limit).
///
/// Entries are offered when they first appear and again whenever their placing gets better;
/// a placing never gets worse, so an entry that fell out never needs to come back unoffered.
struct TopPlacings: Sendable {
    /// How many entries are kept.
    let limit: Int
    private var heap: [(entry: Int, placing: Placing)] = []
    /// Where each kept entry is in `heap`, by entry (entries are numbered from 0); -1 for one
    /// not kept. An array, not a dictionary: a dictionary's first use cost a search 0.3 ms (the
    /// runtime looking up `Int: Hashable` among every conformance in the program).
    private var position: [Int] = []

    init(limit: Int) {
        self.limit = max(0, limit)
        heap.reserveCapacity(min(self.limit, 1024))
    }

    /// Offers `entry` again, with a better placing than before.
    mutating func offer(_ entry: Int, _ placing: Placing) {
        if let at = kept(entry) {
            heap[at].placing = placing  // better: it moves away from the worst, at the root
            siftDown(at)
        } else {
            offerNew(entry, placing)
        }
    }

    /// Offers `entry`, never offered before.
    mutating func offerNew(_ entry: Int, _ placing: Placing) {
        if heap.count < limit {
            heap.append((entry, placing))
            place(entry, at: heap.count - 1)
            siftUp(heap.count - 1)
        } else if let worst = heap.first, placing.precedes(worst.placing) {
            place(worst.entry, at: -1)
            heap[0] = (entry, placing)
            place(entry, at: 0)
            siftDown(0)
        }
    }

    private func kept(_ entry: Int) -> Int? {
        entry < position.count && position[entry] >= 0 ? position[entry] : nil
    }

    private mutating func place(_ entry: Int, at index: Int) {
        if entry >= position.count { position += repeatElement(-1, count: entry + 1 - position.count) }
        position[entry] = index
    }

    /// The kept entries, best first.
    func sorted() -> [Int] {
        heap.sorted { $0.placing.precedes($1.placing) }.map(\.entry)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent].placing.precedes(heap[child].placing) else { return }
            swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var worst = parent
            for child in [2 * parent + 1, 2 * parent + 2]
            where child < heap.count && heap[worst].placing.precedes(heap[child].placing) {
                worst = child
            }
            if worst == parent { return }
            swapAt(parent, worst)
            parent = worst
        }
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        position[heap[a].entry] = a
        position[heap[b].entry] = b
    }
}
