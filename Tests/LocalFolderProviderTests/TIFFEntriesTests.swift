import Testing

@testable import LocalFolderProvider

/// A TIFF directory's entries as ``TIFFReader/entries(_:at:visited:)`` keeps them: each tag
/// once, the last of a repeated tag counting (as in exiftool), whether the tags come in the
/// ascending order TIFF asks for or not, and a directory visited once.
@Suite("TIFF directories: each tag once, the last one counting")
struct TIFFEntriesTests {
    /// A little-endian TIFF whose IFD0 holds `tags` (SHORT entries, each its own index as value).
    static func tiff(_ tags: [Int]) -> [UInt8] {
        var bytes: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        bytes += [UInt8(tags.count & 0xFF), UInt8(tags.count >> 8)]
        for (index, tag) in tags.enumerated() {
            bytes += [
                UInt8(tag & 0xFF), UInt8(tag >> 8), 3, 0, 1, 0, 0, 0, UInt8(index & 0xFF), UInt8(index >> 8), 0, 0,
            ]
        }
        return bytes + [0, 0, 0, 0]
    }

    /// The tags of IFD0's entries, in order, with each entry's value.
    static func entries(_ tags: [Int]) throws -> [(tag: Int, value: Int?)] {
        let reader = try #require(TIFFReader.header(tiff(tags)))
        var visited: [Int] = []
        let found = TIFFReader.entries(reader, at: 8, visited: &visited)
        #expect(TIFFReader.entries(reader, at: 8, visited: &visited).isEmpty)  // a loop back reads nothing
        return try found.map { ($0.tag, try $0.integer(reader)) }
    }

    @Test("tags in ascending order are all kept, in order")
    func ascending() throws {
        let found = try Self.entries([0x0100, 0x0101, 0x010F, 0x0112])
        #expect(found.map(\.tag) == [0x0100, 0x0101, 0x010F, 0x0112])
        #expect(found.map(\.value) == [0, 1, 2, 3])
    }

    @Test("a repeated tag, after others or out of order, is kept once, with its last value, where it first came")
    func repeated() throws {
        let found = try Self.entries([0x0100, 0x0112, 0x0101, 0x0112, 0x0100, 0x0100])
        #expect(found.map(\.tag) == [0x0100, 0x0112, 0x0101])
        #expect(found.map(\.value) == [5, 3, 2])
    }

    @Test("a directory of 1,000 tags in descending order keeps every one")
    func descending() throws {
        let tags = Array((1...1000).reversed())
        let found = try Self.entries(tags)
        #expect(found.count == 1000)
        #expect(found.first?.tag == 1000 && found.last?.tag == 1)
    }
}
