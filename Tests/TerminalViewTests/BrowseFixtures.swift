import Foundation
import ProviderKit
import SearchViewModel

/// Snapshots for the screen's tests: ranked photos with the titles given, as a search publishes them.
enum BrowseFixtures {
    static func photo(_ id: String, title: String? = nil, author: String? = "Ana", provider: String = "samples")
        -> Photo
    {
        Photo(
            provider: provider, id: id, title: title ?? "Photo \(id)", author: author,
            pageURL: URL(string: "https://example.org/\(id)"), width: 4000, height: 3000)
    }

    static func snapshot(_ photos: [Photo], running: Bool = false, providers: [ProviderStatus]? = nil) -> SearchState {
        let ranked = photos.enumerated().map {
            RankedPhoto(rank: $0.offset + 1, score: 1 / Double($0.offset + 1), photo: $0.element)
        }
        let statuses =
            providers ?? [
                ProviderStatus(
                    name: "samples", typeName: "local", phase: running ? .running : .ok, count: photos.count,
                    duration: .milliseconds(140))
            ]
        return SearchState(request: nil, providers: statuses, results: ranked, isRunning: running)
    }

    static func photos(_ count: Int) -> [Photo] {
        (1...count).map { photo(String($0)) }
    }
}
