import Foundation
import ProviderKit
import Testing

@Suite("Comparing a file under a name with the new one, byte for byte")
struct FileBytesTests {
    @Test(
        "same only when every byte and the length agree; a shorter first part is a beginning; across chunk boundaries")
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

        let new = try file("a", body)
        #expect(FileBytes.relation(of: try file("b", body), to: new) == .same)
        #expect(FileBytes.relation(of: try file("c", lastDiffers), to: new) == .different)
        #expect(FileBytes.relation(of: try file("d", secondChunkDiffers), to: new) == .different)
        #expect(FileBytes.relation(of: try file("e", Array(body.dropLast())), to: new) == .beginning)
        #expect(FileBytes.relation(of: try file("f", Array(body.prefix(256 << 10))), to: new) == .beginning)
        #expect(FileBytes.relation(of: try file("g", []), to: new) == .beginning)  // emptied by a power cut
        #expect(
            FileBytes.relation(of: try file("h", Array(secondChunkDiffers.prefix(300 << 10))), to: new) == .different)
        #expect(FileBytes.relation(of: try file("i", body + [0]), to: new) == .different)  // longer
        #expect(
            FileBytes.relation(
                of: try file("j", Array(body.prefix(256 << 10))), to: try file("k", Array(body.prefix(256 << 10))))
                == .same)
        #expect(FileBytes.relation(of: try file("l", []), to: try file("m", [])) == .same)
        let missing = FileSystemPath(bytes: Array(folder.appendingPathComponent("none").path.utf8))
        #expect(FileBytes.relation(of: missing, to: new) == .different)
        let aFolder = FileSystemPath(bytes: Array(folder.path.utf8))
        #expect(FileBytes.relation(of: aFolder, to: new) == .different)
    }
}
