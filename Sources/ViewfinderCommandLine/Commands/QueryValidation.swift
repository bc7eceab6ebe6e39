import ArgumentParser
import SearchViewModel

/// The query check `search` and `download` share: something to look for, in a form the
/// view-model accepts.
enum QueryValidation {
    /// Throws a usage error when `words` is empty or `text` (the words joined) is not searchable;
    /// `example` shows the command with a query.
    static func check(_ words: [String], text: String, example: String) throws {
        if words.isEmpty {
            throw ValidationError("Please give something to search for, e.g. `\(example)`.")
        }
        if let problem = SearchViewModel.problem(withQuery: text) {
            throw ValidationError("Please fix the query: \(problem).")
        }
    }
}
