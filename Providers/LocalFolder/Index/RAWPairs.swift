import ProviderKit

/// A camera's RAW+JPEG pairs in a catalog: `IMG_0001.CR2` beside `IMG_0001.JPG` (same folder,
/// same name but its extension, in any case) are one photo, the JPEG shown and the RAW listed
/// with it. Which file is which is known by content (the record's format), never by extension.
///
/// Worked out from the records on every walk, whether they were read or came from the index, so
/// a repeat search gives the same pairs, and a RAW added, removed or renamed pairs or unpairs
/// its JPEG without reading either again. A folder without RAWs costs one pass over the formats.
struct RAWPairs: Sendable {
    /// For a RAW that belongs to a JPEG: the JPEG's position.
    private(set) var shownBy: [Int: Int] = [:]
    /// For a JPEG with RAWs beside it: their positions, in byte order of their paths.
    private(set) var companions: [Int: [Int]] = [:]

    var isEmpty: Bool { shownBy.isEmpty }

    /// The position that stands for the record at `position`: its JPEG's for a paired RAW, else its own.
    func shown(for position: Int) -> Int { shownBy[position] ?? position }

    /// Whether the record at `position` is a RAW shown through its JPEG.
    func isHidden(_ position: Int) -> Bool { shownBy[position] != nil }

    /// Whether a record of `format` is a RAW: one a pair lists beside its JPEG.
    static func isRAW(_ format: ImageFormat?) -> Bool { format == .raw || format == .crw }

    /// The pairs among the `count` records of `record`; of two JPEGs of one name (`x.JPG` beside
    /// `x.jpeg`), the first in byte order takes every RAW of that name, the other stays alone.
    init(count: Int, record: (Int) -> IndexRecord) {
        var raws: [[UInt8]: [Int]] = [:]
        for position in 0..<count {
            let entry = record(position)
            guard Self.isRAW(entry.format), let key = Self.key(entry.path) else { continue }
            raws[key, default: []].append(position)
        }
        guard !raws.isEmpty else { return }
        var jpegs: [[UInt8]: Int] = [:]
        for position in 0..<count {
            let entry = record(position)
            guard entry.format == .jpeg, let key = Self.key(entry.path), raws[key] != nil else { continue }
            if let other = jpegs[key], record(other).path.lexicographicallyPrecedes(entry.path) { continue }
            jpegs[key] = position
        }
        for (key, jpeg) in jpegs {
            let found = raws[key, default: []].sorted { record($0).path.lexicographicallyPrecedes(record($1).path) }
            companions[jpeg] = found
            for raw in found { shownBy[raw] = jpeg }
        }
    }

    init() {}

    /// The path without its extension (`a/IMG_0001` for `a/IMG_0001.CR2`); `nil` for a name with
    /// none (a leading dot starts no extension, as in ``LocalFile/stem(of:)``).
    static func key(_ path: UnsafeRawBufferPointer) -> [UInt8]? {
        let nameStart = (path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")), dot > nameStart else { return nil }
        return Array(path[..<dot])
    }
}
