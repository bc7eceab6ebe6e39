import Foundation
import ProviderKit
import SearchViewModel
import TerminalView

/// `browse`'s keystroke to frame with 1,000 results (goal < 16 ms, one frame at 60 Hz): the key
/// applied to the state and the whole screen rendered to cells, on a 200 × 60 terminal; and a
/// 1,000-result snapshot taken in (what each of the view-model's updates costs the screen).
func runBrowseBenchmarks() {
    let ranked = photos("bench", 1000).enumerated().map { index, photo in
        RankedPhoto(rank: index + 1, score: 1 / Double(index + 1), photo: photo)
    }
    let snapshot = SearchState(
        request: nil,
        providers: [ProviderStatus(name: "bench", typeName: "in-process", phase: .ok, count: 1000)],
        results: ranked, isRunning: false)
    var state = BrowseState(query: "benchmark", rows: 60, columns: 200)
    _ = state.handle(.enter)
    var firsts: [Double] = []
    var snapshots: [Double] = []
    for _ in 0..<21 {
        var fresh = state
        var start = clock.now
        fresh.begin("benchmark")
        fresh.apply(snapshot)
        firsts.append(milliseconds(clock.now - start))
        start = clock.now
        fresh.apply(snapshot)
        snapshots.append(milliseconds(clock.now - start))
        state = fresh
    }
    var keystrokes: [Double] = []
    let keys: [BrowseKey] = [.down, .down, .pageDown, .up, .end, .home]
    for round in 0..<600 {
        let start = clock.now
        _ = state.handle(keys[round % keys.count])
        let frame = BrowseRenderer.render(state)
        keystrokes.append(milliseconds(clock.now - start))
        precondition(frame.grid.rows == 60)
    }
    let sorted = keystrokes.sorted()
    print(
        String(
            format:
                "browse, 1,000 results on 200×60: keystroke to frame median %.3f ms, p99 %.3f ms (goal < 16 ms); a 1,000-result snapshot taken in %.2f ms first, %.2f ms when its photos are shown already",
            median(keystrokes), sorted[sorted.count * 99 / 100], median(firsts), median(snapshots)))
}
