import SearchViewModel

/// `--format json`: one object once the search is over.
struct JSONRenderer: SearchRenderer {
    mutating func update(_ state: SearchState) {}

    mutating func finish(_ state: SearchState) {
        Console.out(SearchJSON.encode(SearchJSON.Result(state), pretty: true) + "\n")
    }
}
