import ProviderKit
import SearchViewModel

/// Turns a running search's snapshots into the events the page receives, one JSON text each
/// (``LiveEvents``: a snapshot, then only what changed; tests give their own).
/// `photo` rewrites each photo before it is shown (local files become `/local/<id>`).
package protocol SearchEventEncoder: Sendable {
    /// The events for what changed since the last call (the first call: everything so far).
    mutating func events(for state: SearchState, photo: (Photo) -> Photo) -> [String]
    /// The last events of a finished search, `done` last.
    mutating func finish(_ state: SearchState, photo: (Photo) -> Photo) -> [String]
}
