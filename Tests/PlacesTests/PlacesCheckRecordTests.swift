import Foundation
import ProviderKit
import Testing

@testable import Places

/// The note of a passed checksum spares later opens of the same file the full read, and never
/// lets a changed, replaced or other file through unchecked.
@Suite struct PlacesCheckRecordTests {
    let folder: URL
    let file: URL
    let checks: PlacesCheckRecord

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("places.bin")
        try Data(contentsOf: URL(fileURLWithPath: try Gazetteer.shared().path)).write(to: file)
        checks = PlacesCheckRecord(folder: folder.appendingPathComponent("cache"))
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("the first open checks in full and notes it; the next trusts the note")
    func noted() throws {
        defer { removeFolder() }
        #expect(try Gazetteer(path: file.path, checks: checks).checkedInFull)
        let note = try String(contentsOfFile: checks.path, encoding: .utf8)
        #expect(note.hasPrefix(file.path + "\t") && note.contains("xxh128:"))
        // Made unnamed and then named: no temporary file beside it, now or if the process ends midway.
        let cache = folder.appendingPathComponent("cache").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == ["places.checked"])
        let again = try Gazetteer(path: file.path, checks: checks)
        #expect(!again.checkedInFull)
        #expect(again.names(at: GeoLocation(latitude: 38.68, longitude: -9.16))?.country == "Portugal")
    }

    @Test("a byte changed after the check is caught: the file's change time moved")
    func changedAfterTheCheck() throws {
        defer { removeFolder() }
        _ = try Gazetteer(path: file.path, checks: checks)
        let handle = try FileHandle(forUpdating: file)
        try handle.seek(toOffset: 4_000_000)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 4_000_000)
        try handle.write(contentsOf: [byte ^ 0x40])
        try handle.close()
        #expect(throws: GazetteerError.self) { try Gazetteer(path: file.path, checks: checks) }
    }

    @Test("a copy elsewhere, or the file replaced by a copy, is checked in full again")
    func otherFile() throws {
        defer { removeFolder() }
        _ = try Gazetteer(path: file.path, checks: checks)
        let copy = folder.appendingPathComponent("copy.bin")
        try FileManager.default.copyItem(at: file, to: copy)
        #expect(try Gazetteer(path: copy.path, checks: checks).checkedInFull)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: copy, to: file)
        #expect(try Gazetteer(path: file.path, checks: checks).checkedInFull)
    }

    @Test("a note that is not one (garbage, too long, a folder, unwritable) costs a full check, nothing else")
    func hostileNotes() throws {
        defer { removeFolder() }
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for bytes in [Data(), Data("\u{0}\n\u{1B}[31m".utf8), Data(repeating: 0x41, count: 100_000)] {
            try bytes.write(to: URL(fileURLWithPath: checks.path))
            #expect(try Gazetteer(path: file.path, checks: checks).checkedInFull)
            #expect(try !Gazetteer(path: file.path, checks: checks).checkedInFull)  // rewritten as a note
        }
        try FileManager.default.removeItem(atPath: checks.path)
        try FileManager.default.createDirectory(atPath: checks.path, withIntermediateDirectories: true)
        #expect(try Gazetteer(path: file.path, checks: checks).checkedInFull)
        #expect(try Gazetteer(path: file.path, checks: checks).checkedInFull)  // nowhere to note it
        let unwritable = PlacesCheckRecord(folder: file.appendingPathComponent("below-a-file"))
        #expect(try Gazetteer(path: file.path, checks: unwritable).checkedInFull)
    }

    @Test("a damaged file is never noted")
    func damagedNotNoted() throws {
        defer { removeFolder() }
        var bytes = try Data(contentsOf: file)
        bytes[4_000_000] ^= 0x40
        try bytes.write(to: file)
        #expect(throws: GazetteerError.self) { try Gazetteer(path: file.path, checks: checks) }
        #expect(!FileManager.default.fileExists(atPath: checks.path))
    }
}
