/// Scores a file against a query; the seam where richer matching (metadata, an index) plugs in.
protocol LocalMatcher: Sendable {
    /// The score of `file` for `terms` (already folded), or `nil` when some term does not match.
    func score(_ file: LocalFile, terms: [String]) -> Double?
}

/// Matches every query term against the words of the file name and its folders.
///
/// A whole word in the file name counts most, then a word prefix in the file name,
/// then the same in folder names. Every term must match somewhere.
struct NameMatcher: LocalMatcher {
    func score(_ file: LocalFile, terms: [String]) -> Double? {
        guard !terms.isEmpty else { return nil }
        var total = 0.0
        for term in terms {
            let best = max(
                Self.quality(of: term, in: file.nameWords) * 1.0,
                Self.quality(of: term, in: file.folderWords) * 0.5)
            guard best > 0 else { return nil }
            total += best
        }
        // Among equal matches, prefer names that are mostly what was asked for.
        return total + Double(terms.count) / Double(max(file.nameWords.count, 1)) * 0.1
    }

    /// 3 for a whole word, 2 for a word prefix, 0 for no match.
    private static func quality(of term: String, in words: [String]) -> Double {
        var best = 0.0
        for word in words {
            if word == term { return 3 }
            if word.hasPrefix(term) { best = 2 }
        }
        return best
    }
}
