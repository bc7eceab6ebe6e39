import Downloads
import Foundation
import ProviderKit
import Testing

@Suite("Comparing two files byte for byte (what decides when checksums agree)")
struct FileBytesTests {
    @Test(
        "equal only when every byte and the length agree, across chunk boundaries; unreadable or not a file is not equal"
    )
    func comparesEveryByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> FileSystemPath {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return FileSystemPath(bytes: Array(url.path.utf8))
        }
        // Longer than one 256 KB chunk, so the comparison runs over several.
        let body = (0..<(600 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        var lastDiffers = body
        lastDiffers[body.count - 1] ^= 1
        var secondChunkDiffers = body
        secondChunkDiffers[(256 << 10) + 5] ^= 0x80

        let original = try file("a", body)
        #expect(FileBytes.same(original, try file("b", body)))
        #expect(!FileBytes.same(original, try file("c", lastDiffers)))
        #expect(!FileBytes.same(original, try file("d", secondChunkDiffers)))
        #expect(!FileBytes.same(original, try file("e", Array(body.dropLast()))))  // a prefix
        #expect(!FileBytes.same(original, try file("f", body + [0])))  // one byte longer
        #expect(FileBytes.same(try file("g", []), try file("h", [])))
        #expect(
            !FileBytes.same(original, FileSystemPath(bytes: Array(folder.appendingPathComponent("none").path.utf8))))
        #expect(!FileBytes.same(original, FileSystemPath(bytes: Array(folder.path.utf8))))  // a folder
    }
}
