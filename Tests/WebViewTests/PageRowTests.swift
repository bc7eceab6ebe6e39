import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Testing

@testable import WebView

/// A provider that answers one page of `photos`.
struct FixedProvider: PhotoProvider {
    let name = "fixed"
    let photos: [Photo]
    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(PhotoPage(photos: photos))
            continuation.finish()
        }
    }
}

/// What the served page shows, read from a real browser's DOM, against the view-model's words
/// for the same photos (``PhotoRow``, ``ProviderStatusRow``): the page's script only places them.
@Suite struct PageRowTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Photos whose words need the view-model: a blank title, no author, no size, no licence,
    /// a date with a time, spaces to collapse, markup as text.
    static let photos = [
        Photo(
            provider: "fixed", id: "1", title: "  Harbor   at dusk ", author: "Ana", width: 4000, height: 3000,
            takenAt: DateTime(year: 2024, month: 5, day: 1, hour: 18, minute: 30, second: 0),
            license: License(name: "CC BY 2.0"),
            place: PlaceNames(name: "Almada", city: "Lisbon", country: "Portugal", countryCode: "PT")),
        Photo(provider: "fixed", id: "2", title: "   ", author: nil, width: nil, height: 3000),
        Photo(provider: "fixed", id: "3", title: nil, author: "  Bo  Chen ", license: License(name: " ")),
        Photo(provider: "fixed", id: "4", title: "<b>bold</b> harbor", author: "Dee", width: 640, height: 480),
    ]

    @Test("the served page shows each photo and chip in PhotoRow's and ProviderStatusRow's words")
    func pageShowsTheViewModelsWords() async throws {
        let live = [LiveProvider(provider: FixedProvider(photos: Self.photos), typeName: "fixed")]
        let expected = await SearchViewModel(
            lineup: ProviderLineup(providers: live), settings: SearchSettings(limit: 30, timeout: .seconds(600))
        ).search(SearchRequest(.search("harbor"), limit: 30))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let encoder: @Sendable () -> any SearchEventEncoder = { LiveEvents() }
        try await ServeFixture.withServer(providers: live, makeEncoder: encoder) { port, _, _ in
            let output = try await Self.readPage(
                "http://127.0.0.1:\(port)/?q=harbor", screenshot: folder.appendingPathComponent("rows.png").path)
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let cells = try #require(shown["cells"] as? [[String: Any]])
            #expect(cells.count == expected.results.count)
            for (cell, ranked) in zip(cells, expected.results) {
                let row = PhotoRow(ranked)
                #expect(cell["title"] as? String == row.title)
                #expect(cell["author"] as? String == row.author)
                #expect(cell["provider"] as? String == row.provider)
                #expect(cell["size"] as? String == row.dimensions)
                #expect(cell["license"] as? String == row.license)
                #expect(cell["date"] as? String == row.taken)
                #expect(cell["place"] as? String == row.place)
                // No image: the frame shows the title, as the gallery file does.
                #expect(cell["frame"] as? String == row.title)
            }
            #expect(cells.map { $0["title"] as? String }.contains("Untitled"))
            let status = ProviderStatusRow(try #require(expected.providers.first))
            let chips = try #require(shown["chips"] as? [String])
            // The time differs between the two runs; the words around it are the view-model's.
            let chip = try #require(chips.first)
            #expect(chip.hasPrefix("\(status.name) \(status.phase) · 4 photos in "), "\(chip)")
            #expect(chip.hasSuffix(" ms"), "\(chip)")
            #expect(shown["summary"] as? String == GalleryPage.summary(expected))
        }
    }

    /// The JSON `page_cells.py` prints for `url`, read in headless Chromium.
    static func readPage(_ url: String, screenshot: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repository.appendingPathComponent("Tests/Fixtures/browser/page_cells.py").path, url, screenshot,
        ]
        let output = Pipe()
        process.standardOutput = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0, "page_cells.py: \(text)")
        return text
    }
}
