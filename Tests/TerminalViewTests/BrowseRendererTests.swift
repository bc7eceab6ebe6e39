import ProviderKit
import SearchViewModel
import Testing

@testable import TerminalView

@Suite("The screen is drawn from its state alone")
struct BrowseRendererTests {
    private func screen(_ photos: [Photo], rows: Int = 24, columns: Int = 120, running: Bool = false) -> BrowseState {
        var state = BrowseState(query: "harbor", rows: rows, columns: columns)
        _ = state.handle(.enter)
        state.begin("harbor")
        state.apply(BrowseFixtures.snapshot(photos, running: running))
        return state
    }

    @Test("The query, one chip per provider, the rows, the preview and the status line are where the layout puts them")
    func wideScreen() {
        let lines = BrowseRenderer.render(screen(BrowseFixtures.photos(3))).grid.lines
        #expect(lines[0].hasPrefix("Search: harbor"))
        #expect(lines[1].hasPrefix("✓ samples 3 photos in 140 ms"))
        #expect(lines[2].contains("Photo 1") && lines[2].contains("Ana") && lines[2].contains("4000×3000"))
        // The preview, beside the list on a 120-column terminal: the selected photo's details.
        #expect(lines[2].hasSuffix("Photo 1" + String(repeating: " ", count: 41)))
        #expect(lines[3].contains("by Ana"))
        #expect(lines[23].contains("1/3"))
        #expect(lines.joined().contains("no picture"))
    }

    @Test("p empties the query line, which then says the popular photos are shown")
    func popular() {
        var state = screen(BrowseFixtures.photos(2))
        #expect(state.handle(.character("p")) == .popular)
        state.begin("popular")
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(2)))
        #expect(BrowseRenderer.render(state).grid.lines[0].hasPrefix("Search: popular photos"))
    }

    @Test("Under 60 columns the preview is left out; at 40 every row still shows its title")
    func narrow() {
        let state = screen(BrowseFixtures.photos(3), rows: 20, columns: 40)
        #expect(state.layout.preview == nil)
        let lines = BrowseRenderer.render(state).grid.lines
        #expect(lines.allSatisfy { DisplayWidth.of($0) == 40 })
        #expect(lines[2].contains("Photo 1"))
        #expect(!lines.joined().contains("by Ana"))
    }

    @Test("A tall, middling terminal gets the preview below the list")
    func below() {
        let layout = BrowseLayout(rows: 40, columns: 80)
        #expect(layout.preview?.column == 0)
        #expect((layout.preview?.row ?? 0) > layout.list.row + layout.list.rows)
    }

    @Test("Wide characters take two cells and are cut whole, never in half")
    func wideCharacters() {
        var grid = CellGrid(rows: 1, columns: 7)
        grid.put("港の夕日です", row: 0, column: 0)
        #expect(grid.lines[0] == "港の夕…")
        var emoji = CellGrid(rows: 1, columns: 7)
        emoji.put("🌅 dusk", row: 0, column: 0)
        #expect(emoji.lines[0] == "🌅 dusk")
    }

    @Test("Control and escape sequences in a title never reach the screen")
    func sanitized() {
        let hostile = BrowseFixtures.photo("1", title: "Harbor\u{1B}[2J\u{1B}]0;owned\u{07}", author: "Ana\r\nEvil")
        let text = BrowseRenderer.render(screen([hostile])).grid.lines.joined()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("Harbor�[2J�]0;owned�"))
        #expect(text.contains("by Ana Evil"))
    }

    @Test("Running, failed and skipped providers show their chips in the view-model's words")
    func chips() {
        let providers = [
            ProviderStatus(name: "fast", typeName: "local", phase: .ok, count: 2, duration: .milliseconds(12)),
            ProviderStatus(name: "slow", typeName: "flickr", phase: .running),
            ProviderStatus(name: "broken", typeName: "commons", phase: .failed, message: "HTTP 500"),
            ProviderStatus(name: "keyed", typeName: "pexels", phase: .skipped, message: "set PEXELS_KEY"),
        ]
        var state = BrowseState(query: "x", rows: 24, columns: 160)
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(2), running: true, providers: providers))
        let chipLine = BrowseRenderer.render(state).grid.lines[1]
        #expect(chipLine.contains("✓ fast 2 photos in 12 ms"))
        #expect(chipLine.contains("… slow running"))
        #expect(chipLine.contains("✗ broken failed: HTTP 500"))
        #expect(chipLine.contains("– keyed skipped: set PEXELS_KEY"))
    }

    @Test(
        "On a narrow line every provider keeps its chip, saying less: brief words, then the name, then a shortened name",
        arguments: [
            (80, ["✓ fast 2 photos  … slow  ✗ broken failed  – keyed skipped"]),
            (40, ["✓ fast  … slow  ✗ broken  – keyed"]),
            (30, ["✓ fast  … slow  ✗ bro…  – key…"]),
        ])
    func narrowChips(columns: Int, expected: [String]) {
        let providers = [
            ProviderStatus(name: "fast", typeName: "local", phase: .ok, count: 2, duration: .milliseconds(12)),
            ProviderStatus(name: "slow", typeName: "flickr", phase: .running),
            ProviderStatus(name: "broken", typeName: "commons", phase: .failed, message: "HTTP 500 from the server"),
            ProviderStatus(name: "keyed", typeName: "pexels", phase: .skipped, message: "set PEXELS_KEY"),
        ]
        var state = BrowseState(query: "x", rows: 24, columns: columns)
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(2), running: true, providers: providers))
        let chipLine = BrowseRenderer.render(state).grid.lines[1]
        for chip in expected { #expect(chipLine.contains(chip), "\(chipLine)") }
    }

    @Test("The full-screen view leaves the picture area blank when a picture will be drawn there")
    func pictureArea() {
        var state = screen(BrowseFixtures.photos(2))
        _ = state.handle(.enter)
        let frame = BrowseRenderer.render(state, pictures: true)
        #expect(frame.picture?.rows ?? 0 > 10)
        #expect(frame.pictureKey == state.selection?.key)
        #expect(frame.grid.lines[0].allSatisfy { $0 == " " })
    }
}
