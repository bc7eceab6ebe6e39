import CLinux
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Matches query terms against what a file says about itself and what it is called.
///
/// Every term must match a whole word or a word prefix somewhere. A match counts by field
/// (``SearchField/weight``: keywords and title above description and creator, above camera
/// and names) and by quality (a whole word above a prefix), so the top results are the ones
/// a person would pick.
struct MetadataMatcher {
    /// A whole word counts fully; a word prefix this much.
    static let prefixQuality = 0.7

    /// The folded query terms, one after another in one buffer.
    private let termBytes: [UInt8]
    private let termRanges: [Range<Int>]

    /// A matcher for `query`; it matches nothing when the query has no words.
    init(query: String) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for term in TextFolding.words(TimeWords.spelledOut(query)) {
            ranges.append(bytes.count..<bytes.count + term.utf8.count)
            bytes += term.utf8
        }
        termBytes = bytes
        termRanges = ranges
    }

    /// The score of a file's ``SearchText``, or `nil` when some term matches none of its words.
    func score(_ text: UnsafeRawBufferPointer) -> Double? {
        guard !termRanges.isEmpty, let textStart = text.baseAddress else { return nil }
        return termBytes.withUnsafeBytes { allTerms -> Double? in
            // A term that is nowhere in the bytes starts no word: most files are passed over
            // with one memmem a term, before their fields are taken apart.
            for range in termRanges {
                guard let term = allTerms.baseAddress.map({ $0 + range.lowerBound }),
                    memmem(textStart, text.count, term, range.count) != nil
                else { return nil }
            }
            var total = 0.0
            var termsInName = 0
            var nameWordCount = 1
            for range in termRanges {
                let term = UnsafeRawBufferPointer(rebasing: allTerms[range])
                var best = 0.0
                SearchText.forEachField(text) { field, words in
                    let quality = Self.quality(of: term, in: words)
                    best = max(best, field.weight * quality)
                    if field == .fileName {
                        if quality > 0 { termsInName += 1 }
                        nameWordCount = words.reduce(1) { $1 == 0x20 ? $0 + 1 : $0 }
                    }
                    return true
                }
                guard best > 0 else { return nil }
                total += best
            }
            // Among equal matches, prefer file names that are mostly what was asked for.
            return total + Double(termsInName) / Double(nameWordCount) * 0.1
        }
    }

    /// 1 when `term` is one of `words` (separated by spaces), ``prefixQuality`` when it starts one, else 0.
    private static func quality(of term: UnsafeRawBufferPointer, in words: UnsafeRawBufferPointer) -> Double {
        guard let termStart = term.baseAddress, let wordsStart = words.baseAddress, !term.isEmpty else { return 0 }
        var best = 0.0
        var start = 0
        while start < words.count {
            let remaining = words.count - start
            let space = memchr(wordsStart + start, 0x20, remaining).map { wordsStart.distance(to: $0) }
            let end = space ?? words.count
            let length = end - start
            if length >= term.count, memcmp(wordsStart + start, termStart, term.count) == 0 {
                if length == term.count { return 1 }
                best = prefixQuality
            }
            start = end + 1
        }
        return best
    }
}
