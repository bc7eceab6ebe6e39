import ProviderKit
import SearchViewModel

/// Turns a running search's snapshots into the events the page receives, one JSON text each:
/// the shapes of `--format ndjson` (`page`, `provider_done`, `done`) plus `results`, the
/// ranked list so far in the `done` shape, so the page can re-rank as pages arrive.
/// `photo` rewrites each photo before it is encoded (local files become `/local/<id>`).
package protocol SearchEventEncoder: Sendable {
    /// The events since the last call, and the ranked list so far.
    mutating func events(for state: SearchState, photo: (Photo) -> Photo) -> [String]
    /// The last events of a finished search, `done` last.
    mutating func finish(_ state: SearchState, photo: (Photo) -> Photo) -> [String]
}
