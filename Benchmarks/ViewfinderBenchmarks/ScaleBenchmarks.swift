import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus

/// An in-process provider that streams `total` photos in pages of `pageSize`, as fast as they are taken.
struct StreamingProvider: PhotoProvider {
    let name: String
    let total: Int
    let pageSize: Int
    var supportsPopular: Bool { false }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let name = name
        let total = min(total, request.limit)
        let pageSize = pageSize
        return .pages { index in
            let start = index * pageSize
            guard start < total else { return nil }
            return PhotoPage(
                photos: (start..<min(start + pageSize, total)).map { number in
                    Photo(
                        provider: name, id: "\(number)", title: "Photo \(number)", author: "someone",
                        pageURL: URL(string: "https://photos.example.com/\(name)/\(number)"))
                })
        }
    }
}

/// Peak and current resident memory of this process, from /proc (Linux); the peak can be reset.
enum ResidentMemory {
    /// Forgets the peak so far, so the next reading covers only what runs from now on.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The peak resident size in MB since the last reset.
    static var peakMB: Double { field("VmHWM:") }

    /// The resident size in MB now.
    static var currentMB: Double { field("VmRSS:") }

    private static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}

/// Runs one search with a subscriber that draws a status line from every snapshot it reads, as
/// the command line does on a terminal; returns the time it took in milliseconds and the peak
/// resident memory in MB.
func measureSearch(_ providers: [LiveProvider], perProvider: Int, timeout: Duration) async -> (
    ms: Double, peakMB: Double
) {
    ResidentMemory.resetPeak()
    let model = SearchViewModel(
        lineup: ProviderLineup(providers: providers), settings: SearchSettings(limit: 30, timeout: timeout))
    let states = model.states
    let clock = ContinuousClock()
    let started = clock.now
    let reader = Task {
        var seen = 0
        for await state in states where state.request != nil {
            let line = state.providers.map { "\($0.name) \($0.phase.rawValue) \($0.count)" }.joined(separator: " · ")
            seen += line.utf8.count + state.results.count
            if !state.isRunning { break }
        }
        return seen
    }
    let final = await model.search(SearchRequest(.search("benchmark"), limit: perProvider))
    _ = await reader.value
    let elapsed = clock.now - started
    precondition(final.results.count == 30)
    return (
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
        ResidentMemory.peakMB
    )
}

/// The search at scale: one provider sending 150,000 photos in pages of 100, and 1,000 and 4,000
/// providers answering at once with 10 photos each.
func runScaleBenchmarks() async {
    print(String(format: "resident memory before: %.0f MB", ResidentMemory.currentMB))
    let many = StreamingProvider(name: "many", total: 150_000, pageSize: 100)
    let one = await measureSearch(
        [LiveProvider(provider: many, typeName: "in-process")], perProvider: 150_000, timeout: .seconds(60))
    print(String(format: "150,000 photos in pages of 100 from one provider: %.0f ms, peak %.0f MB", one.ms, one.peakMB))
    for count in [1_000, 4_000] {
        let providers = (0..<count).map { index in
            LiveProvider(
                provider: StreamingProvider(name: "folder\(index)", total: 10, pageSize: 10), typeName: "in-process")
        }
        let result = await measureSearch(providers, perProvider: 10, timeout: .seconds(120))
        print(
            String(
                format: "%d providers answering at once with 10 photos each: %.0f ms, peak %.0f MB", count, result.ms,
                result.peakMB))
    }
}
