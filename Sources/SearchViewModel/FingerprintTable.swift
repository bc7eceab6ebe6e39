/// An open-addressing hash table from photo fingerprints to merger entries.
///
/// Fingerprints are already well mixed, so the table uses them directly as hashes; this
/// keeps de-duplication within the merger's budget (3 × 10,000 results in well under 20 ms).
struct FingerprintTable: Sendable {
    private var keys: [PhotoFingerprint]
    private var values: [Int]
    private var mask: Int
    private(set) var count = 0

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: PhotoFingerprint(first: 0, second: 0), count: size)
        values = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// The entry stored under `key`.
    func value(for key: PhotoFingerprint) -> Int? {
        var slot = Int(truncatingIfNeeded: key.first) & mask
        while values[slot] >= 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` under `key` unless the key is already present.
    mutating func insertIfAbsent(_ key: PhotoFingerprint, _ value: Int) {
        if (count + 1) * 2 > values.count { grow() }
        var slot = Int(truncatingIfNeeded: key.first) & mask
        while values[slot] >= 0 {
            if keys[slot] == key { return }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    private mutating func grow() {
        var bigger = FingerprintTable(capacity: values.count)
        for slot in values.indices where values[slot] >= 0 { bigger.insertIfAbsent(keys[slot], values[slot]) }
        self = bigger
    }
}
