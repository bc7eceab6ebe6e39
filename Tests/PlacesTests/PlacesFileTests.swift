import Foundation
import ProviderKit
import Testing

@testable import Places

/// A damaged, cut-short or foreign gazetteer file is a clear error naming the file, never a crash.
@Suite struct PlacesFileTests {
    let folder: URL
    let original: Data

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        original = try Data(contentsOf: URL(fileURLWithPath: try Gazetteer.shared().path))
    }

    func open(_ bytes: Data) throws -> GazetteerError? {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("places.bin")
        try bytes.write(to: file)
        do {
            let gazetteer = try Gazetteer(path: file.path)
            _ = gazetteer.names(at: GeoLocation(latitude: 38.7, longitude: -9.1))
            return nil
        } catch {
            #expect(error.description.contains(file.path))
            return error
        }
    }

    @Test("an intact copy opens")
    func intact() throws {
        #expect(try open(original) == nil)
    }

    @Test("a file cut short is damaged", arguments: [0, 10, 100, 1000, 3_000_000])
    func cutShort(keeping: Int) throws {
        let error = try #require(try open(original.prefix(keeping)))
        #expect(error.description.contains("damaged"))
    }

    /// Byte 9: the version; 28: the first section's offset (still aligned and inside the file
    /// when changed, so only the checksum, which covers the header too, catches it).
    @Test("one changed byte anywhere is caught by the header or the checksum", arguments: [9, 28, 40, 4_000_000])
    func changedByte(at offset: Int) throws {
        var bytes = original
        bytes[offset] ^= 0x40
        let error = try #require(try open(bytes))
        #expect(error.description.contains("damaged"))
    }

    @Test("another file is not taken for a gazetteer")
    func foreignFile() throws {
        let error = try #require(try open(Data(repeating: 0x41, count: 10_000)))
        #expect(error.description.contains("not a gazetteer file"))
    }

    @Test("no file in the searched folders is an error naming where it was looked for")
    func notInstalled() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("Viewfinder_Places.resources/Resources")
        #expect {
            try Gazetteer.open(searching: [empty])
        } throws: { error in
            "\(error)".contains("is missing: no \(empty.path)/places.bin")
                && "\(error)".contains("Viewfinder_Places.resources folder beside the viewfinder binary")
        }
    }

    @Test("a missing file is unreadable, with the reason")
    func missing() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nothing.bin").path
        #expect {
            try Gazetteer(path: path)
        } throws: { error in
            "\(error)".contains("\(path) cannot be read (No such file or directory)")
        }
        #expect {
            try Gazetteer(path: folder.path)
        } throws: { error in
            "\(error)".contains("cannot be read (it is a folder, not a regular file)")
        }
    }
}
