import SearchViewModel

/// `--format ndjson`: one JSON event per line as things happen, then a final `done` event.
struct NDJSONRenderer: SearchRenderer {
    private struct PageEvent: Encodable {
        let event = "page"
        let provider: String
        let photos: [SearchJSON.PhotoJSON]
    }

    private struct ProviderEvent: Encodable {
        let event = "provider_done"
        let provider: SearchJSON.ProviderJSON

        enum CodingKeys: String, CodingKey { case event }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event, forKey: .event)
            try provider.encode(to: encoder)
        }
    }

    private struct DoneEvent: Encodable {
        let event = "done"
        let result: SearchJSON.Result

        enum CodingKeys: String, CodingKey { case event }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event, forKey: .event)
            try result.encode(to: encoder)
        }
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

    /// Writes what happened since the last snapshot: snapshots are coalesced, so the events
    /// come from the search's log, which has every page and provider result in order.
    mutating func update(_ state: SearchState) {
        if !wroteSkipped {
            wroteSkipped = true
            for status in state.providers where status.phase == .skipped {
                emit(ProviderEvent(provider: SearchJSON.ProviderJSON(status)))
            }
        }
        for event in state.log.events(from: written) {
            switch event {
            case .page(let provider, let photos):
                emit(PageEvent(provider: provider, photos: photos.map { SearchJSON.PhotoJSON($0) }))
            case .providerFinished(let status):
                emit(ProviderEvent(provider: SearchJSON.ProviderJSON(status)))
            }
        }
        written = max(written, state.log.count)
    }

    mutating func finish(_ state: SearchState) {
        update(state)
        emit(DoneEvent(result: SearchJSON.Result(state, explain: explain)))
    }

    private func emit(_ event: some Encodable) {
        Console.out(SearchJSON.encode(event) + "\n")
    }
}
