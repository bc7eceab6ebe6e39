import Foundation
import ProviderKit
import SearchViewModel
import Testing

@testable import WebView

/// The served page's events: a snapshot, then only what changed, in the view-model's words.
@Suite struct LiveEventsTests {
    /// A photo of `provider` at its `rank`, every field the cell shows filled in (the title is
    /// blank for every seventh, the size unknown for every fifth).
    static func photo(_ provider: String, _ rank: Int) -> Photo {
        Photo(
            provider: provider, id: "\(provider)-\(rank)", title: rank % 7 == 0 ? "  " : "Harbor \(provider) \(rank)",
            author: "Author \(rank)", pageURL: URL(string: "https://example.org/\(provider)/photos/\(rank)"),
            images: [
                PhotoImage(size: .thumbnail, url: URL(string: "https://img.example.org/\(provider)/\(rank)_t.jpg")!),
                PhotoImage(size: .large, url: URL(string: "https://img.example.org/\(provider)/\(rank)_b.jpg")!),
            ],
            width: rank % 5 == 0 ? nil : 4000, height: rank % 5 == 0 ? nil : 3000,
            takenAt: DateTime(year: 2024, month: 5, day: rank % 28 + 1, hour: 10, minute: 0, second: 0),
            license: License(name: "CC BY 2.0", url: URL(string: "https://creativecommons.org/licenses/by/2.0/")))
    }

    /// A search's snapshots as three providers answer pages of 50 at different speeds: merged by
    /// reciprocal rank, so later pages land between photos already shown (ranks change).
    static func snapshots(total: Int = 1_000) -> [SearchState] {
        let providers = ["flickr", "openverse", "commons"]
        var sent = [0, 0, 0]
        var states: [SearchState] = []
        var step = 0
        while sent.reduce(0, +) < total {
            let index = [0, 0, 1, 0, 2, 1][step % 6]  // flickr twice as fast as openverse, commons slowest
            step += 1
            sent[index] = min(sent[index] + 50, total)
            var photos: [(score: Double, photo: Photo)] = []
            for (provider, count) in zip(providers, sent) where count > 0 {
                for rank in 1...count { photos.append((1 / Double(60 + rank), photo(provider, rank))) }
            }
            photos.sort { $0.score > $1.score || ($0.score == $1.score && $0.photo.id < $1.photo.id) }
            let results = photos.prefix(total).enumerated().map {
                RankedPhoto(rank: $0 + 1, score: $1.score, photo: $1.photo)
            }
            let statuses = providers.enumerated().map { index, name in
                ProviderStatus(name: name, typeName: name, phase: .running, count: sent[index])
            }
            states.append(
                SearchState(
                    request: SearchRequest(.search("harbor"), limit: total), providers: statuses,
                    results: Array(results), isRunning: true))
        }
        states[states.count - 1].isRunning = false
        for index in states[states.count - 1].providers.indices {
            states[states.count - 1].providers[index].phase = .ok
            states[states.count - 1].providers[index].duration = .milliseconds(140)
        }
        return states
    }

    /// What the page's script keeps: cells by number, the order, the chips and the summary.
    struct Page {
        var cells: [Int: [String: Any]] = [:]
        var order: [Int] = []
        var chips: [[String: Any]] = []
        var summary = ""
        var events: [String] = []

        mutating func apply(_ line: String) throws {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let kind = try #require(event["event"] as? String)
            events.append(kind)
            for cell in event["cells"] as? [[String: Any]] ?? [] { cells[try #require(cell["id"] as? Int)] = cell }
            if let chips = event["providers"] as? [[String: Any]] { self.chips = chips }
            if let summary = event["summary"] as? String { self.summary = summary }
            if let order = event["order"] as? [Int] {
                self.order = order
            } else if let moves = event["moves"] as? [[Int]], let count = event["count"] as? Int {
                order = Array(order.prefix(count))
                for move in moves {
                    if move[0] < order.count { order[move[0]] = move[1] } else { order.append(move[1]) }
                }
                #expect(order.count == count)
            }
        }
    }

    @Test("a snapshot and then only the changes leave the page with the final list, in PhotoRow's words")
    func changesReproduceTheFinalList() throws {
        let states = Self.snapshots()
        var encoder = LiveEvents()
        var page = Page()
        for state in states.dropLast() {
            for line in encoder.events(for: state, photo: { $0 }) { try page.apply(line) }
        }
        for line in encoder.finish(states[states.count - 1], photo: { $0 }) { try page.apply(line) }
        #expect(page.events.first == "snapshot")
        #expect(page.events.last == "done")
        #expect(page.events.filter { $0 == "snapshot" }.count == 1)
        #expect(page.events.contains("ranks"))
        let final = states[states.count - 1]
        #expect(page.order.count == final.results.count)
        for (place, ranked) in final.results.enumerated() {
            let row = PhotoRow(ranked)
            let cell = try #require(page.cells[page.order[place]])
            #expect(cell["title"] as? String == row.title)
            #expect(cell["author"] as? String == row.author)
            #expect((cell["size"] as? String ?? "") == row.dimensions)
            #expect(cell["date"] as? String == row.taken)
            #expect(cell["license"] as? String == row.license)
            #expect(cell["provider"] as? String == row.provider)
        }
        let chip = try #require(page.chips.first)
        let status = ProviderStatusRow(final.providers[0])
        #expect(chip["phase"] as? String == status.phase)
        #expect(chip["detail"] as? String == status.detail)
        #expect((chip["detail"] as? String)?.hasSuffix("in 140 ms") == true)
        #expect(page.summary == "1000 photos from 3 sources")
    }

    @Test("every photo's cell is sent once; a 1,000-result search sends at most 1.5× its final list")
    func bytesStayNearTheFinalList() {
        let states = Self.snapshots()
        var encoder = LiveEvents()
        var sent = 0
        var cells = 0
        for state in states.dropLast() {
            for line in encoder.events(for: state, photo: { $0 }) {
                sent += line.utf8.count
                cells += line.components(separatedBy: "\"id\":").count - 1
            }
        }
        for line in encoder.finish(states[states.count - 1], photo: { $0 }) {
            sent += line.utf8.count
            cells += line.components(separatedBy: "\"id\":").count - 1
        }
        var once = LiveEvents()
        let finalList = once.events(for: states[states.count - 1], photo: { $0 }).map(\.utf8.count).reduce(0, +)
        #expect(states.count >= 20)
        #expect(cells == 1_000)
        #expect(Double(sent) <= 1.5 * Double(finalList), "sent \(sent) bytes; the final list is \(finalList)")
    }

    @Test("a photo whose record changes (a richer one arrives) is sent again, under the same number")
    func aChangedPhotoIsSentAgain() throws {
        var state = SearchState(
            request: SearchRequest(.search("harbor"), limit: 10), providers: [],
            results: [RankedPhoto(rank: 1, score: 0.5, photo: Self.photo("flickr", 1))], isRunning: true)
        var encoder = LiveEvents()
        var page = Page()
        for line in encoder.events(for: state, photo: { $0 }) { try page.apply(line) }
        #expect(encoder.events(for: state, photo: { $0 }).isEmpty)  // nothing changed: nothing sent
        state.results[0].photo.title = "A better title"
        for line in encoder.events(for: state, photo: { $0 }) { try page.apply(line) }
        #expect(page.events == ["snapshot", "added"])
        #expect(page.cells[0]?["title"] as? String == "A better title")
        #expect(page.cells.count == 1)
    }
}
