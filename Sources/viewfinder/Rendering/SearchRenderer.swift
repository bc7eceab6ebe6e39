import SearchViewModel

/// A view of a running search: it receives the newest snapshot as the search runs (snapshots are
/// coalesced; `SearchState.log` has every page), then the final state.
protocol SearchRenderer {
    /// Shows a new snapshot.
    mutating func update(_ state: SearchState)
    /// Prints the final result.
    mutating func finish(_ state: SearchState)
}
