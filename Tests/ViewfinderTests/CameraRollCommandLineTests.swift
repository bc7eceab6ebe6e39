import Foundation
import ProviderTesting
import Testing

/// A phone's camera roll (scripts/make-camera-roll.py: `IMG_nnnn.jpg` files with only an EXIF
/// date, offset and GPS position) searched by when and where its photos were taken.
@Suite("viewfinder over a camera roll")
struct CameraRollCommandLineTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace(
            config: """
                providers:
                  roll:
                    type: local-folder
                    path: photos
                """)
        let script = Workspace.samples.deletingLastPathComponent().appendingPathComponent("scripts/make-camera-roll.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, workspace.url.appendingPathComponent("photos").path, "40"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// The files a search finds, sorted.
    private func found(_ query: String) async throws -> [String] {
        let output = try await workspace.run(["search", query, "--limit", "100", "--format", "json"])
        #expect(output.status == 0 || output.status == 3, "stderr: \(output.stderr)")
        let results = try output.json()["results"] as? [[String: Any]] ?? []
        return results.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
            .sorted()
    }

    @Test("a year, a month, a month and year, and an ISO month find the photos taken then, in their own local time")
    func timeWords() async throws {
        defer { workspace.remove() }
        let in2019 = try await found("2019")
        // Taken 2019-12-31T23:30-05:00 in New York: 2020 in UTC, 2019 where it was taken.
        #expect(in2019.contains("IMG_0006.jpg"))
        // Taken 2020-01-01T00:10+09:00 in Tokyo: 2019 in UTC, 2020 where it was taken.
        #expect(!in2019.contains("IMG_0007.jpg"))
        #expect(try await found("2020").contains("IMG_0007.jpg"))
        #expect(Array(try await found("2019-06").prefix(2)) == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(try await found("june 2019") == (try await found("2019-06")))
        #expect(try await found("jun 2019") == (try await found("2019-06")))
        let december = try await found("december")
        #expect(december.contains("IMG_0006.jpg") && !december.contains("IMG_0001.jpg"))
        #expect(try await found("1999").isEmpty)
    }
}
