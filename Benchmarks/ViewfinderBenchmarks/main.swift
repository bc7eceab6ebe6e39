import Foundation
import ProviderKit
import ProviderTesting
import SearchViewModel
import ServiceBus

// Viewfinder's benchmarks. Run with `make benchmark` (release build); prints figures, asserts nothing.

/// An in-process provider that answers with `count` photos after `delay`.
struct DelayedProvider: PhotoProvider {
    let name: String
    let delay: Duration
    let count: Int
    var supportsPopular: Bool { false }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        .pages { index in
            guard index == 0 else { return nil }
            try await Task.sleep(for: delay)
            return PhotoPage(photos: photos(name, count))
        }
    }
}

func photos(_ provider: String, _ count: Int) -> [Photo] {
    (0..<count).map { index in
        Photo(
            provider: provider, id: "\(index)", title: "Photo \(index)", author: "someone",
            pageURL: URL(string: "https://photos.example.com/\(provider)/\(index)"),
            images: [PhotoImage(size: .large, url: URL(string: "https://img.example.com/\(provider)/\(index).jpg")!)])
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let clock = ContinuousClock()

/// `count` sequential GETs of `url`, each made and answered on Swift's pool, where providers call
/// the client (not from the main actor, top-level code, which would add two thread hops to every
/// request); or, with `onLoop`, under the client's preferred executor for the host, so the code
/// between requests runs on the libcurl loop's thread.
nonisolated func makeRequests(_ url: URL, count: Int, onLoop: Bool) async throws {
    let client = CurlHTTPClient(userAgent: "viewfinder/benchmark")
    try await withTaskExecutorPreference(onLoop ? client.preferredExecutor(for: url) : nil) {
        for _ in 0..<count { _ = try await client.send(HTTPRequest(url: url)) }
    }
}

// `viewfinder-benchmarks scale`, `merge` or `places` runs only the search-at-scale, the merge or the
// gazetteer's figures;
// `requests URL N` only makes N requests (see Benchmarks/download.sh).
switch CommandLine.arguments.dropFirst().first {
case "scale":
    await runScaleBenchmarks()
    exit(0)
case "merge":
    runMergeBenchmarks()
    exit(0)
case "places":
    runPlacesBenchmarks()
    exit(0)
case "pictures":
    // `pictures FILE...`: each photo as a terminal preview, beside the chafa command (Benchmarks/pictures.sh).
    try await runPictureBenchmarks(files: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
case "full-screen-pictures":
    // `full-screen-pictures PHOTO THUMBNAIL`: the full-screen view's picture (Benchmarks/pictures.sh).
    try await runFullScreenPictureBenchmarks(photo: CommandLine.arguments[2], thumbnail: CommandLine.arguments[3])
    exit(0)
case "browse":
    runBrowseBenchmarks()
    exit(0)
case "requests":
    // `requests URL N [pool|loop]`: N sequential GETs on one kept-alive connection, for the
    // client's cost per request beside curl's (Benchmarks/download.sh).
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard (2...3).contains(arguments.count), let url = URL(string: arguments[0]), let count = Int(arguments[1]),
        arguments.count == 2 || ["pool", "loop"].contains(arguments[2])
    else {
        print("usage: viewfinder-benchmarks requests URL N [pool|loop]")
        exit(64)
    }
    try await makeRequests(url, count: count, onLoop: arguments.count == 3 && arguments[2] == "loop")
    exit(0)
default: break
}

// 1. Fan-out: providers answering after 150, 400 and 900 ms; the search should end right after the slowest.
var fanOut: [Double] = []
for _ in 0..<5 {
    let lineup = ProviderLineup(
        providers: [("fast", 150), ("medium", 400), ("slow", 900)].map { name, ms in
            LiveProvider(
                provider: DelayedProvider(name: name, delay: .milliseconds(ms), count: 100), typeName: "in-process")
        })
    let model = SearchViewModel(lineup: lineup, settings: SearchSettings(limit: 30, timeout: .seconds(10)))
    let started = clock.now
    await model.search(SearchRequest(.search("benchmark"), limit: 100))
    fanOut.append(milliseconds(clock.now - started))
}
let fanOutMedian = median(fanOut)
print(
    String(
        format: "fan-out (150/400/900 ms providers): search took %.1f ms, %.3f× the slowest provider (goal ≤ 1.05×)",
        fanOutMedian, fanOutMedian / 900))

// 2. Merging and ranking 3 × 10,000 results.
runMergeBenchmarks()

// 2b. The terminal screen: keystroke to frame with 1,000 results.
runBrowseBenchmarks()

// 3. HTTP: 200 files of 50 KB from a loopback server, 8 in flight, beside curl --parallel on the same URLs.
let server = try LoopbackServer(script: "http_fixture_server.py")
let urls = (0..<200).map { server.url("/files/\($0)") }
let client = CurlHTTPClient(userAgent: "viewfinder/benchmark")
_ = try await client.send(HTTPRequest(url: urls[0]))  // warm up the connection cache

func fetchAll(_ urls: [URL], inFlight: Int) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        var next = 0
        var bytes = 0
        while next < min(inFlight, urls.count) {
            let url = urls[next]
            group.addTask { try await client.send(HTTPRequest(url: url)).body.count }
            next += 1
        }
        for try await size in group {
            bytes += size
            if next < urls.count {
                let url = urls[next]
                group.addTask { try await client.send(HTTPRequest(url: url)).body.count }
                next += 1
            }
        }
        return bytes
    }
}

func runCurl(_ urls: [URL]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["curl", "--silent", "--parallel", "--parallel-max", "8"]
        + urls.flatMap { [$0.absoluteString, "-o", "/dev/null"] }
    try process.run()
    process.waitUntilExit()
}

var ours: [Double] = []
var theirs: [Double] = []
for _ in 0..<5 {
    var started = clock.now
    let bytes = try await fetchAll(urls, inFlight: 8)
    precondition(bytes == 200 * 50_000)
    ours.append(milliseconds(clock.now - started))
    started = clock.now
    try runCurl(urls)
    theirs.append(milliseconds(clock.now - started))
}
let oursMedian = median(ours)
let curlMedian = median(theirs)
print(
    String(
        format: "http: 200 × 50 KB, 8 in flight: viewfinder %.1f ms, curl --parallel %.1f ms, ratio %.2f (goal ≤ 1.2)",
        oursMedian, curlMedian, oursMedian / curlMedian))
server.stop()

// 4. The search at scale: many photos from one provider, and thousands of providers.
await runScaleBenchmarks()

// 5. The gazetteer: opening its file, a position's place names, resolving a name.
runPlacesBenchmarks()
