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

    mutating func update(_ state: SearchState) {
        switch state.change {
        case .started:
            for status in state.providers where status.phase == .skipped {
                emit(ProviderEvent(provider: SearchJSON.ProviderJSON(status)))
            }
        case .page(let provider, let photos):
            emit(PageEvent(provider: provider, photos: photos.map { SearchJSON.PhotoJSON($0) }))
        case .providerFinished(let name):
            if let status = state.providers.first(where: { $0.name == name }) {
                emit(ProviderEvent(provider: SearchJSON.ProviderJSON(status)))
            }
        case .idle, .finished:
            break
        }
    }

    mutating func finish(_ state: SearchState) {
        for status in state.providers where status.phase == .cancelled {
            emit(ProviderEvent(provider: SearchJSON.ProviderJSON(status)))
        }
        emit(DoneEvent(result: SearchJSON.Result(state)))
    }

    private func emit(_ event: some Encodable) {
        Console.out(SearchJSON.encode(event) + "\n")
    }
}
