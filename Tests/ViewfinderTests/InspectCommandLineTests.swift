import Foundation
import Testing

/// `viewfinder inspect` on the bundled samples and on files that are not images.
@Suite("viewfinder inspect")
struct InspectCommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `viewfinder inspect arguments…` in the repository (the samples' paths are relative to
    /// it), with its home and XDG folders in a temporary folder of the test's own: the
    /// gazetteer's note of its check, and anything else a run keeps, is written there.
    func inspect(_ arguments: [String]) async throws -> ViewfinderProcess.Output {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vf-inspect-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("xdg").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        ]
        return try await ViewfinderProcess.run(["inspect"] + arguments, in: Self.repository, environment: environment)
    }

    @Test("JSON lists every field by its documented name, null where absent, and an error for unreadable files")
    func json() async throws {
        let output = try await inspect(["Samples/harbor-lighthouse-dusk.jpg", "README.md", "--format", "json"])
        #expect(output.status == 1)  // one file could not be read
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        let photo = entries[0]
        #expect(photo["path"] as? String == "Samples/harbor-lighthouse-dusk.jpg")
        #expect(photo["format"] as? String == "jpeg")
        #expect(photo["width"] as? Int == 480 && photo["height"] as? Int == 320)
        #expect(photo["taken_at"] as? String == "2023-09-14T19:42:10")  // no offset recorded: local time
        #expect(photo["camera_make"] as? String == "FUJIFILM" && photo["camera_model"] as? String == "X-T4")
        #expect(photo["latitude"] as? Double == 44.6476 && photo["longitude"] as? Double == -63.5728)
        #expect(photo["title"] as? String == "Lighthouse at dusk")
        #expect(photo["keywords"] as? [String] == ["lighthouse", "harbor", "dusk", "sea"])
        #expect(photo["rating"] as? Double == 4)
        #expect(photo["creator"] as? String == "Viewfinder Samples")
        #expect(photo["orientation"] is NSNull)
        // The sample's position is Halifax harbour.
        #expect((photo["place"] as? [String: Any])?["region"] as? String == "Nova Scotia")
        #expect(photo["place_from"] as? String == "position")
        #expect(
            Set(photo.keys) == [
                "path", "format", "width", "height", "orientation", "taken_at", "camera_make", "camera_model",
                "latitude",
                "longitude", "place", "place_from", "title", "description", "keywords", "rating", "creator", "license",
                "rights",
            ])
        // The samples state "CC0 1.0 (public domain dedication)" in their EXIF Copyright.
        #expect((photo["license"] as? [String: Any])?["id"] as? String == "CC0-1.0")
        #expect(photo["rights"] as? String == "CC0 1.0 (public domain dedication)")
        #expect(entries[1]["error"] as? String == "not an image file Viewfinder recognises")
    }

    @Test("text output names each field")
    func text() async throws {
        let output = try await inspect(["Samples/wildlife/fox-snow-field.jpg"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  title        Fox in a snowy field\n"))
        #expect(output.stdout.contains("  keywords     wildlife, fox, snow, winter\n"))
    }

    @Test("a file whose name is not UTF-8, in a folder whose name is not UTF-8 either, is read by its real bytes")
    func namesThatAreNotUTF8() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = [UInt8](
            try Data(contentsOf: Self.repository.appendingPathComponent("Samples/harbor-crane-fog.jpg")))
        // d\xff/caf\xe9.jpg, made by bytes: Foundation would write U+FFFD.
        let inner = Array(folder.path.utf8) + [0x2F, 0x64, 0xFF]
        #expect(
            inner.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir(Array($0) + [0], 0o755) } }
                == 0)
        let file = inner + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let descriptor = file.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        #expect(sample.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == sample.count)
        close(descriptor)
        // The shell passes the raw bytes, as it would for a name typed or completed in a terminal.
        let script = #"cd "$(printf 'd\377')" && exec "$0" inspect "$(printf 'caf\351.jpg')" --format json"#
        let output = try await ViewfinderProcess.run(
            [], in: folder, launcher: ["/bin/sh", "-c", script, ViewfinderProcess.binary.path])
        #expect(output.status == 0, "\(output.stderr)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(entries.first?["path"] as? String == "caf\u{FFFD}.jpg")  // shown with a replacement character
        #expect(entries.first?["title"] as? String == "Cranes in the fog")
    }
}
