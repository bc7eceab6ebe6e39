import SearchViewModel

/// `--format json`: one object once the search is over.
struct JSONRenderer: SearchRenderer {
    /// Whether each result carries its `explanation` (`--explain`).
    var explain = false

    mutating func update(_ state: SearchState) {}

    mutating func finish(_ state: SearchState) {
        Console.out(SearchJSON.text(SearchJSON.Result(state, explain: explain).json, pretty: true) + "\n")
    }
}
