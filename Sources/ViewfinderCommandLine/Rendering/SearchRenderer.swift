import SearchViewModel

/// A view of a running search: it receives the newest snapshot as the search runs (snapshots are
/// coalesced; `SearchState.log` has every page), then the final state.
protocol SearchRenderer {
    /// Shows a new snapshot.
    mutating func update(_ state: SearchState)
    /// Gathers what the final output needs beyond the state (files to read), off the terminal.
    mutating func prepare(_ state: SearchState) async
    /// Prints the final result.
    mutating func finish(_ state: SearchState)
}

extension SearchRenderer {
    mutating func prepare(_ state: SearchState) async {}
}
