import ProviderKit
import SearchViewModel
import WebView

/// `--format ndjson`: one JSON event per line as things happen, then a final `done` event.
struct NDJSONRenderer: SearchRenderer {
    private var events: NDJSONEvents

    init(explain: Bool = false) {
        events = NDJSONEvents(explain: explain)
    }

    /// Writes what happened since the last snapshot.
    mutating func update(_ state: SearchState) {
        for line in events.logEvents(state, photo: { $0 }) { Console.out(line + "\n") }
    }

    mutating func finish(_ state: SearchState) {
        update(state)
        Console.out(events.done(state, photo: { $0 }) + "\n")
    }
}

/// The events of `--format ndjson`, one JSON text each.
struct NDJSONEvents {
    private static func pageEvent(provider: String, photos: [SearchJSON.PhotoJSON]) -> String {
        SearchJSON.text(
            .object([
                ("event", .string("page")), ("photos", .array(photos.map(\.json))), ("provider", .string(provider)),
            ]))
    }

    /// A provider's status with `"event": "provider_done"` among its fields.
    private static func providerEvent(_ provider: SearchJSON.ProviderJSON) -> String {
        SearchJSON.text(provider.json.merging([("event", .string("provider_done"))]))
    }

    /// `done`: the ranked list, with `event` among its fields.
    private static func resultEvent(_ event: String, _ result: SearchJSON.Result) -> String {
        SearchJSON.text(result.json.merging([("event", .string(event))]))
    }

    /// Whether the final results carry their `explanation` (`--explain`).
    let explain: Bool
    /// Whether the skipped providers were written (they come first).
    private var wroteSkipped = false
    /// How many events of the search's log were written.
    private var written = 0

    init(explain: Bool = false) {
        self.explain = explain
    }

    /// What happened since the last snapshot: snapshots are coalesced, so the events come from
    /// the search's log, which has every page and provider result in order.
    mutating func logEvents(_ state: SearchState, photo: (Photo) -> Photo) -> [String] {
        var lines: [String] = []
        if !wroteSkipped {
            wroteSkipped = true
            for status in state.providers where status.phase == .skipped {
                lines.append(Self.providerEvent(SearchJSON.ProviderJSON(status)))
            }
        }
        for event in state.log.events(from: written) {
            switch event {
            case .page(let provider, let photos):
                lines.append(Self.pageEvent(provider: provider, photos: photos.map { SearchJSON.PhotoJSON(photo($0)) }))
            case .providerFinished(let status):
                lines.append(Self.providerEvent(SearchJSON.ProviderJSON(status)))
            }
        }
        written = max(written, state.log.count)
        return lines
    }

    /// The final `done` event.
    func done(_ state: SearchState, photo: (Photo) -> Photo) -> String {
        Self.resultEvent("done", SearchJSON.Result(state, explain: explain, photo: photo))
    }
}
