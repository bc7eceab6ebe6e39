import CLinux
import Glibc
import ProviderKit

/// The gazetteer file (`places.bin`, built by scripts/build-places.py), memory-mapped and checked
/// once: its header, the size of every section and the checksum of its body (skipped while a
/// ``PlacesCheckRecord`` says the same file passed it). Reads after that are bounds-checked loads
/// from the mapping, no parsing.
///
/// Layout, little-endian: "VFPLACES"; version, place, region, country and city counts (u32
/// each); the offset and length (u32 each) of the 13 ``Section``s, each starting on 4 bytes;
/// the XXH3-128 (16 bytes, as `xxhsum -H2` prints it) of the rest: the header before it, then
/// everything after the header.
final class PlacesFile: @unchecked Sendable {  // immutable after init: the mapping is read-only
    /// The sections, in the file's order.
    enum Section: Int, CaseIterable {
        /// Unit vectors (x, y, z as Float32) of the places, in implicit k-d tree order.
        case points
        /// Each place's population (u32).
        case populations
        /// Each place's city, an index into ``cityPlaces`` (u16, 0xFFFF: none).
        case cities
        /// Each place's region (u16), an index into the regions.
        case regions
        /// The places that are a city (u32 place indices).
        case cityPlaces
        /// Each region's country (u8).
        case regionCountries
        /// The text offset of every block of ``PlacesFile/placeBlock`` places (u32).
        case placeTextBases
        /// Each place's text offset from its block's (u16); a text ends where the next starts.
        case placeTextOffsets
        /// Places' texts: display name, folded name (empty when ASCII), alternate folded names.
        case placeTexts
        /// Regions' text offsets (u32, count + 1).
        case regionTextOffsets
        /// Regions' texts: short name, full name, folded forms (none for a nameless region).
        case regionTexts
        /// Countries' text offsets (u32, count + 1).
        case countryTextOffsets
        /// Countries' texts: English name, ISO code, folded forms.
        case countryTexts
    }

    static let magic = Array("VFPLACES".utf8)
    static let version: UInt32 = 1
    static let placeBlock = 64
    static let headerSize = 8 + 5 * 4 + 8 * Section.allCases.count + 16

    let placeCount: Int
    let regionCount: Int
    let countryCount: Int
    let cityCount: Int
    private let base: UnsafeRawPointer
    private let pointsBase: UnsafeRawPointer
    private let size: Int
    private let sections: [(offset: Int, length: Int)]

    /// Whether opening read the whole file for its checksum (no note of an earlier check held).
    let checkedInFull: Bool

    /// Maps and checks the file at `path`; `checks`: where a passed checksum is noted, and
    /// trusted while the file stays the same (``PlacesCheckRecord``).
    init(path: String, checks: PlacesCheckRecord? = nil) throws(GazetteerError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO in its place must not hang us
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let size = Int(status.st_size)
        if let kind = FileKind.name(of: status.st_mode) {
            throw .unreadable(path: path, reason: "it is \(kind), not a regular file")
        }
        guard size >= Self.headerSize else {
            throw .damaged(path: path, reason: "\(size) bytes, shorter than its header")
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let base = UnsafeRawPointer(mapped)
        do {
            let header = try Self.readHeader(base, size: size, path: path)
            (placeCount, regionCount, countryCount, cityCount) = header.counts
            sections = header.sections
            let line = PlacesCheckRecord.line(filePath: path, status: status, checksum: header.checksum)
            checkedInFull = !(checks?.holds(line) ?? false)
            if checkedInFull {
                try Self.checkChecksum(base, size: size, recorded: header.checksum, path: path)
                checks?.record(line)
            }
        } catch {
            munmap(mapped, size)
            throw error
        }
        self.base = base
        self.pointsBase = base + sections[Section.points.rawValue].offset
        self.size = size
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), size)
    }

    private typealias Header = (
        counts: (Int, Int, Int, Int), sections: [(offset: Int, length: Int)], checksum: String
    )

    /// The counts, sections and recorded checksum of a mapped file, after checking its sizes.
    private static func readHeader(_ base: UnsafeRawPointer, size: Int, path: String) throws(GazetteerError) -> Header {
        func word(_ offset: Int) -> Int {
            Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard magic.indices.allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == magic[$0] }) else {
            throw .damaged(path: path, reason: "it is not a gazetteer file (no VFPLACES header)")
        }
        guard word(8) == version else {
            throw .damaged(path: path, reason: "format version \(word(8)), where this build reads \(version)")
        }
        let counts = (word(12), word(16), word(20), word(24))
        let (places, regions, countries, cities) = counts
        let expected: [Section: Int] = [
            .points: 12 * places, .populations: 4 * places, .cities: 2 * places, .regions: 2 * places,
            .cityPlaces: 4 * cities, .regionCountries: regions,
            .placeTextBases: 4 * ((places + placeBlock - 1) / placeBlock), .placeTextOffsets: 2 * places,
            .regionTextOffsets: 4 * (regions + 1), .countryTextOffsets: 4 * (countries + 1),
        ]
        var sections: [(offset: Int, length: Int)] = []
        for section in Section.allCases {
            let offset = word(28 + 8 * section.rawValue)
            let length = word(32 + 8 * section.rawValue)
            guard offset >= headerSize, offset % 4 == 0, offset <= size, length <= size - offset,
                expected[section].map({ $0 == length }) ?? true
            else {
                throw .damaged(
                    path: path,
                    reason: "its \(section) section (\(length) bytes at \(offset)) does not fit its counts or size"
                )
            }
            sections.append((offset, length))
        }
        let recorded = (0..<16).map { base.load(fromByteOffset: headerSize - 16 + $0, as: UInt8.self) }
        return (counts, sections, FileChecksum.prefix + SHA256.hexDigits(recorded))
    }

    /// Checks that the checksum of the mapped file's contents is `recorded`, the header's.
    private static func checkChecksum(_ base: UnsafeRawPointer, size: Int, recorded: String, path: String)
        throws(GazetteerError)
    {
        let checksum = FileChecksum()
        checksum.update(UnsafeRawBufferPointer(start: base, count: headerSize - 16))
        checksum.update(UnsafeRawBufferPointer(start: base + headerSize, count: size - headerSize))
        guard let computed = checksum.finish() else { throw .uncheckable(path: path, reason: FileChecksum.failure) }
        guard computed == recorded else {
            throw .damaged(path: path, reason: "its checksum does not match its contents (cut short or changed)")
        }
    }

    /// The `axis`th unit-vector coordinate (0: x, 1: y, 2: z) of place `place`.
    @inline(__always)
    func point(_ place: Int, _ axis: Int) -> Double {
        Double(pointsBase.load(fromByteOffset: 12 * place + 4 * axis, as: Float.self))
    }

    /// The 32-bit value at `index` of `section`, or nil when out of range.
    func word(_ section: Section, _ index: Int) -> Int? {
        let (offset, length) = sections[section.rawValue]
        guard index >= 0, 4 * index + 4 <= length else { return nil }
        return Int(UInt32(littleEndian: base.load(fromByteOffset: offset + 4 * index, as: UInt32.self)))
    }

    /// The 16-bit value at `index` of `section`, or nil when out of range.
    func half(_ section: Section, _ index: Int) -> Int? {
        let (offset, length) = sections[section.rawValue]
        guard index >= 0, 2 * index + 2 <= length else { return nil }
        return Int(UInt16(littleEndian: base.load(fromByteOffset: offset + 2 * index, as: UInt16.self)))
    }

    /// The byte at `index` of `section`, or nil when out of range.
    func byte(_ section: Section, _ index: Int) -> Int? {
        let (offset, length) = sections[section.rawValue]
        guard index >= 0, index < length else { return nil }
        return Int(base.load(fromByteOffset: offset + index, as: UInt8.self))
    }

    /// The bytes `start..<end` of a text section, empty when the range is not inside it.
    func text(_ section: Section, from start: Int, to end: Int) -> UnsafeRawBufferPointer {
        let (offset, length) = sections[section.rawValue]
        guard 0 <= start, start <= end, end <= length else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + offset + start, count: end - start)
    }

    /// The length of a section.
    func length(_ section: Section) -> Int { sections[section.rawValue].length }
}
