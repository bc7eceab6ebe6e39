import Foundation
import Testing

/// `viewfinder inspect` on the bundled samples and on files that are not images.
@Suite("viewfinder inspect")
struct InspectCommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("JSON lists every field by its documented name, null where absent, and an error for unreadable files")
    func json() async throws {
        let output = try await ViewfinderProcess.run(
            ["inspect", "Samples/harbor-lighthouse-dusk.jpg", "README.md", "--format", "json"], in: Self.repository)
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
        #expect(
            Set(photo.keys) == [
                "path", "format", "width", "height", "orientation", "taken_at", "camera_make", "camera_model",
                "latitude",
                "longitude", "title", "description", "keywords", "rating", "creator", "license", "rights",
            ])
        // The samples state "CC0 1.0 (public domain dedication)" in their EXIF Copyright.
        #expect((photo["license"] as? [String: Any])?["id"] as? String == "CC0-1.0")
        #expect(photo["rights"] as? String == "CC0 1.0 (public domain dedication)")
        #expect(entries[1]["error"] as? String == "not an image file Viewfinder recognises")
    }

    @Test("text output names each field")
    func text() async throws {
        let output = try await ViewfinderProcess.run(
            ["inspect", "Samples/wildlife/fox-snow-field.jpg"], in: Self.repository)
        #expect(output.status == 0)
        #expect(output.stdout.contains("  title        Fox in a snowy field\n"))
        #expect(output.stdout.contains("  keywords     wildlife, fox, snow, winter\n"))
    }
}
