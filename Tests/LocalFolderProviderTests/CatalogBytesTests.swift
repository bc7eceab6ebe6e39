import Foundation
import Testing

@testable import LocalFolderProvider

/// An index's records read whole, into an array (small) or a mapping (large), or not at all.
@Suite struct CatalogBytesTests {
    @Test(
        "the bytes read are the file's, below and above the size that maps them",
        arguments: [1, 4096, CatalogBytes.mappedFrom - 1, CatalogBytes.mappedFrom, 3 << 20])
    func readsWhole(count: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vf-catalog-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0..<count + 10).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        #expect(lseek(descriptor, 10, SEEK_SET) == 10)
        let read = try #require(CatalogBytes.read(descriptor, count: count))
        #expect(read.count == count)
        read.withUnsafeBytes { #expect($0.elementsEqual(bytes.dropFirst(10))) }
        // Asking for more than is left is no catalog at all.
        #expect(lseek(descriptor, 11, SEEK_SET) == 11)
        #expect(CatalogBytes.read(descriptor, count: count) == nil)
    }
}
