import ProviderKit
import Testing

@testable import LocalFolderProvider

/// Pairing a new listing with the previous walk's records, on one core and on several.
@Suite("Local folder: index matching")
struct IndexMatchTests {
    /// A catalog of `count` files named `f-00000.jpg`…, each `size` = its number, time 7.
    static func catalog(count: Int) -> FolderCatalog {
        var records: [UInt8] = []
        var offsets: [Int] = []
        for number in 0..<count {
            offsets.append(records.count)
            IndexRecord.append(
                relativePath: Self.path(number), size: Int64(number), modifiedNanoseconds: 7, format: .jpeg,
                metadata: nil, to: &records)
        }
        return FolderCatalog(records: records, offsets: offsets)
    }

    static func path(_ number: Int) -> [UInt8] {
        let digits = String(number)
        return Array("f-\(String(repeating: "0", count: 5 - digits.count))\(digits).jpg".utf8)
    }

    static func file(_ number: Int, size: Int64? = nil) -> FolderListing.File {
        FolderListing.File(relative: path(number), size: size ?? Int64(number), modifiedNanoseconds: 7)
    }

    @Test("a large listing, matched in chunks, pairs every file as one pass would", arguments: [nil, 1_000])
    func chunks(chunkSize: Int?) {
        let count = 9_000  // one chunk by default (at least 32,768 files each), or chunks of 1,000
        let previous = Self.catalog(count: count)
        var files = (0..<count).map { Self.file($0) }
        files[5_000] = Self.file(5_000, size: 1)  // changed
        files.swapAt(6_000, 7_500)  // moved within the listing, unchanged
        files.remove(at: 8_000)  // deleted
        files.insert(FolderListing.File(relative: Array("new.jpg".utf8), size: 3, modifiedNanoseconds: 7), at: 4_100)
        let found = IndexMatch.reusable(files, in: previous, chunkSize: chunkSize)
        #expect(found.count == files.count)
        let expected: [Int?] = files.map { file in
            guard let text = String(validating: file.relative, as: UTF8.self), text.hasPrefix("f-"),
                let number = Int(text.dropFirst(2).prefix(5)), file.size == Int64(number)
            else { return nil }
            return number
        }
        #expect(found == expected)
        #expect(found[4_100] == nil)
        #expect(found.compactMap { $0 }.count == count - 2)  // all but the changed and the deleted
    }

    @Test("a small listing is matched in one pass, moved files found by their path")
    func small() {
        let previous = Self.catalog(count: 5)
        let files = [Self.file(3), Self.file(0), Self.file(1, size: 9), Self.file(4)]
        #expect(IndexMatch.reusable(files, in: previous) == [3, 0, nil, 4])
    }
}
