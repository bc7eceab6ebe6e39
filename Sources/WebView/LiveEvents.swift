import ProviderKit
import SearchViewModel

/// The served page's events for one search: what changed since the last snapshot, in the
/// words of the page's view-model (``GalleryCell``, ``GalleryPage/Chip``), never the raw photos.
///
/// - `snapshot` first: every cell so far, the order, the chips and the summary;
/// - `added`: cells not sent before (or whose photo changed, a richer record of it arriving),
///   each once, with a number the other events name it by;
/// - `ranks`: the new order, as the whole list of numbers or, when shorter, the places that
///   changed (`moves`, `[place, number]` pairs) and the new `count`, with the summary;
/// - `providers`: the chips, when one changed;
/// - `done` last, with the final summary.
///
/// A client that connects gets a `snapshot` first; every connection runs its own search, so a
/// reconnecting one starts from a full list. The page's script only places what it is sent.
package struct LiveEvents: SearchEventEncoder {
    /// The number of each photo sent, by provider and id.
    private var numbers: [String: Int] = [:]
    /// By number: the photo its cell was made from.
    private var sentPhotos: [Photo] = []
    private var order: [Int] = []
    private var chips: [GalleryPage.Chip] = []
    private var started = false

    package init() {}

    package mutating func events(for state: SearchState, photo: (Photo) -> Photo) -> [String] {
        var added: [NumberedCell] = []
        var next: [Int] = []
        next.reserveCapacity(state.results.count)
        for ranked in state.results {
            var shown = ranked
            shown.photo = photo(ranked.photo)
            let key = shown.photo.provider + "\u{0}" + shown.photo.id
            if let number = numbers[key] {
                if sentPhotos[number] != shown.photo {
                    sentPhotos[number] = shown.photo
                    added.append(NumberedCell(number: number, cell: GalleryCell(shown, index: 0, allowingFiles: false)))
                }
                next.append(number)
            } else {
                let number = sentPhotos.count
                numbers[key] = number
                sentPhotos.append(shown.photo)
                added.append(NumberedCell(number: number, cell: GalleryCell(shown, index: 0, allowingFiles: false)))
                next.append(number)
            }
        }
        let nextChips = state.providers.map(GalleryPage.chip)
        let summary = GalleryPage.summary(state)
        defer {
            order = next
            chips = nextChips
        }
        guard started else {
            started = true
            return [
                JSONText.encode(Snapshot(cells: added, order: next, providers: nextChips, summary: summary))
            ]
        }
        var lines: [String] = []
        if !added.isEmpty { lines.append(JSONText.encode(Added(cells: added))) }
        if next != order { lines.append(JSONText.encode(Ranks(from: order, to: next, summary: summary))) }
        if nextChips != chips { lines.append(JSONText.encode(Providers(providers: nextChips))) }
        return lines
    }

    package mutating func finish(_ state: SearchState, photo: (Photo) -> Photo) -> [String] {
        events(for: state, photo: photo) + [JSONText.encode(Done(summary: GalleryPage.summary(state)))]
    }

    /// A cell and the number the other events name it by; its empty fields are left out.
    struct NumberedCell: Encodable {
        let number: Int
        let cell: GalleryCell

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(number, forKey: AnyKey("id"))
            for (name, value) in cell.fields where !value.isEmpty {
                try container.encode(value, forKey: AnyKey(name))
            }
        }
    }

    private struct Snapshot: Encodable {
        let event = "snapshot"
        let cells: [NumberedCell]
        let order: [Int]
        let providers: [GalleryPage.Chip]
        let summary: String
    }

    private struct Added: Encodable {
        let event = "added"
        let cells: [NumberedCell]
    }

    /// The new order: whole, or the places that changed when that is shorter.
    struct Ranks: Encodable {
        let event = "ranks"
        let order: [Int]?
        let moves: [[Int]]?
        let count: Int
        let summary: String

        init(from old: [Int], to new: [Int], summary: String) {
            var moves: [[Int]] = []
            for (place, number) in new.enumerated() where place >= old.count || old[place] != number {
                moves.append([place, number])
            }
            // A move takes about twice the room of a place in the whole list.
            let movesAreShorter = moves.count * 2 < new.count
            self.order = movesAreShorter ? nil : new
            self.moves = movesAreShorter ? moves : nil
            count = new.count
            self.summary = summary
        }
    }

    private struct Providers: Encodable {
        let event = "providers"
        let providers: [GalleryPage.Chip]
    }

    private struct Done: Encodable {
        let event = "done"
        let summary: String
    }
}
