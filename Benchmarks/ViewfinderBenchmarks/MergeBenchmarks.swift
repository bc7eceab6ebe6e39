import Foundation
import ProviderKit
import SearchViewModel

/// Merging and ranking 3 × 10,000 results at once, then the same arriving in pages of 100.
func runMergeBenchmarks() {
    let clock = ContinuousClock()
    let pages = ["a", "b", "c"].map { ($0, photos($0, 10_000)) }
    var mergeTimes: [Double] = []
    var rankTimes: [Double] = []
    var fullSortTimes: [Double] = []
    for _ in 0..<10 {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 1.5), ("c", 0.5)], limit: 30)
        let started = clock.now
        for (name, page) in pages { merger.add(page, from: name) }
        let merged = clock.now
        let top = merger.ranked()
        let ranked = clock.now
        let all = merger.ranked(limit: 30_000)
        let sorted = clock.now
        precondition(top.count == 30 && all.count == 30_000)
        mergeTimes.append(milliseconds(merged - started))
        rankTimes.append(milliseconds(ranked - merged))
        fullSortTimes.append(milliseconds(sorted - ranked))
    }
    print(
        String(
            format: "merge 3 × 10,000 results: %.2f ms; rank top 30: %.2f ms; total %.2f ms (goal < 20 ms)",
            median(mergeTimes), median(rankTimes), median(mergeTimes) + median(rankTimes)))
    print(String(format: "rank all 30,000 (full sort): %.2f ms", median(fullSortTimes)))

    // The same 3 × 10,000 arriving in pages of 100, ranked after every page as a search does at most.
    var pagedTimes: [Double] = []
    for _ in 0..<5 {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 1.5), ("c", 0.5)], limit: 30)
        let started = clock.now
        for start in stride(from: 0, to: 10_000, by: 100) {
            for (name, page) in pages {
                merger.add(Array(page[start..<start + 100]), from: name)
                precondition(merger.ranked().count == 30)
            }
        }
        pagedTimes.append(milliseconds(clock.now - started))
    }
    print(
        String(format: "merge 3 × 10,000 in pages of 100, top 30 ranked after each page: %.2f ms", median(pagedTimes)))
}
