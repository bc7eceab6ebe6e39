/// Scores a file against a query; the seam where other matching (an index, say) plugs in.
protocol LocalMatcher: Sendable {
    /// The score of `file` for `terms` (already folded), or `nil` when some term does not match.
    func score(_ file: LocalFile, terms: [String]) -> Double?
}

/// Matches query terms against what a file says about itself and what it is called.
///
/// Every term must match a whole word or a word prefix somewhere. A match counts by field
/// (keywords and title above description and creator, above camera and names) and by quality
/// (a whole word above a prefix), so the top results are the ones a person would pick.
struct MetadataMatcher: LocalMatcher {
    /// How much a match in each field counts.
    enum Weight {
        static let keywords = 5.0
        static let title = 4.0
        static let description = 2.0
        static let creator = 2.0
        static let camera = 1.5
        static let fileName = 1.5
        static let folders = 1.0
    }

    /// A whole word counts fully; a word prefix this much.
    static let prefixQuality = 0.7

    func score(_ file: LocalFile, terms: [String]) -> Double? {
        guard !terms.isEmpty else { return nil }
        var total = 0.0
        var termsInName = 0
        for term in terms {
            var best = 0.0
            for field in file.searchFields {
                best = max(best, field.weight * Self.quality(of: term, in: field.words))
            }
            guard best > 0 else { return nil }
            total += best
            if Self.quality(of: term, in: file.nameWords) > 0 { termsInName += 1 }
        }
        // Among equal matches, prefer file names that are mostly what was asked for.
        return total + Double(termsInName) / Double(max(file.nameWords.count, 1)) * 0.1
    }

    private static func quality(of term: String, in words: [String]) -> Double {
        var best = 0.0
        for word in words {
            if word == term { return 1 }
            if word.hasPrefix(term) { best = prefixQuality }
        }
        return best
    }
}
