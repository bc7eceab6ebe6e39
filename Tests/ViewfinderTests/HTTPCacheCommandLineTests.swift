import Foundation
import ProviderKit
import ProviderTesting
import Testing

/// The built binary's HTTP cache, end to end: a fake Flickr (Tests/Fixtures/flickr_server.py)
/// that lists the calls it gets, and the cache folder under the run's `$XDG_CACHE_HOME`.
@Suite("viewfinder's HTTP cache", .serialized)
struct HTTPCacheCommandLineTests {
    static let key = "test-key-1234"
    let flickr: LoopbackServer
    let workspace: Workspace

    init() async throws {
        flickr = try await LoopbackServer.start(script: "flickr_server.py")
        workspace = try Workspace(oneSampleAnd: Workspace.flickrEntry(flickr))
    }

    var cacheFolder: URL { workspace.url.appendingPathComponent("cache/viewfinder/http") }

    func search(_ extra: [String] = [], query: String = "harbor") async throws -> ViewfinderProcess.Output {
        try await workspace.run(
            ["search", query, "--limit", "25", "--format", "json"] + extra, environment: ["FLICKR_API_KEY": Self.key])
    }

    /// How many API calls the fake Flickr has answered.
    func calls() async throws -> Int {
        let response = try await CurlHTTPClient(userAgent: "test").send(HTTPRequest(url: flickr.url("/stats")))
        let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (json?["calls"] as? [Any])?.count ?? -1
    }

    func flickrStatus(_ output: ViewfinderProcess.Output) throws -> [String: Any]? {
        let providers = try output.json()["providers"] as? [[String: Any]]
        return providers?.first { $0["name"] as? String == "flickr" }
    }

    @Test("repeating a search within the lifetime makes no request and gives the same results")
    func repeatedSearch() async throws {
        defer { workspace.remove() }
        let first = try await search()
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let made = try await calls()
        #expect(made == 2)  // 25 results at 20 a page
        let second = try await search()
        #expect(second.status == 0)
        #expect(try await calls() == made)
        let ids = { (output: ViewfinderProcess.Output) in
            try (output.json()["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        }
        #expect(try ids(second) == ids(first))
        #expect(try ids(second).count == 25)
        // The key is in Flickr's URLs; it is in no file name or content of the cache folder.
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        #expect(names.count == 2)
        for name in names {
            let text = String(decoding: try Data(contentsOf: cacheFolder.appendingPathComponent(name)), as: UTF8.self)
            #expect(!Redaction.contains(text, secret: Self.key))
            #expect(!Redaction.contains(name, secret: Self.key))
            #expect(!text.contains("services/rest"))
        }
    }

    @Test("a relative $XDG_CACHE_HOME is ignored (XDG): the cache goes to $HOME/.cache, not below the current folder")
    func relativeCacheHome() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--format", "json"],
            environment: ["FLICKR_API_KEY": Self.key, "XDG_CACHE_HOME": "relative-cache"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let home = workspace.url.appendingPathComponent(".cache/viewfinder/http")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("relative-cache").path))
    }

    @Test("--verbose says which answers came from the cache")
    func verboseHits() async throws {
        defer { workspace.remove() }
        _ = try await search()
        let output = try await search(["--verbose"])
        #expect(output.stderr.contains("→ 200 from the cache (fresh)"))
        #expect(!output.stderr.contains(Self.key))
    }

    @Test("--no-cache neither reads nor writes the cache")
    func noCache() async throws {
        defer { workspace.remove() }
        let bypassed = try await search(["--no-cache"])
        #expect(bypassed.status == 0, "stderr: \(bypassed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cacheFolder.path))
        _ = try await search()
        let stored = try await calls()
        _ = try await search(["--no-cache"])
        #expect(try await calls() == stored + 2)
    }

    @Test(
        "a libcurl that cannot be loaded fails each network provider with the loader's words and what to install; the folder still answers"
    )
    func libcurlMissing() async throws {
        defer { workspace.remove() }
        // A file that is not a library, found first under libcurl's name.
        let libraries = workspace.url.appendingPathComponent("libraries")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: libraries.appendingPathComponent("libcurl.so.4"))
        let output = try await workspace.run(
            ["search", "harbor", "--limit", "25", "--format", "json", "--no-cache"],
            environment: ["FLICKR_API_KEY": Self.key, "LD_LIBRARY_PATH": libraries.path])
        #expect(output.status == 0, "the folder answers; stderr: \(output.stderr)")
        let error = try flickrStatus(output)?["error"] as? String ?? ""
        // The dynamic loader's own words, naming the file it tried.
        #expect(error.contains("libcurl could not be loaded (\(libraries.path)/libcurl.so.4: "), "\(error)")
        #expect(error.hasSuffix("; install libcurl 7.85 or later (Debian: apt-get install libcurl4)"))
        #expect(!output.stdout.contains(Self.key) && !output.stderr.contains(Self.key))
        #expect(try output.json()["results"] as? [Any] != nil)
    }

    @Test("--offline answers from the cache without the network, and names the providers with nothing cached")
    func offline() async throws {
        defer { workspace.remove() }
        let empty = try await search(["--offline"])
        #expect(empty.status == 0, "the folder still answers")
        #expect(try await calls() == 0)
        #expect(try flickrStatus(empty)?["status"] as? String == "failed")
        #expect(
            try flickrStatus(empty)?["error"] as? String
                == "offline: nothing cached for this search; run it once online")
        let table = try await workspace.run(
            ["search", "harbor", "--offline"], environment: ["FLICKR_API_KEY": Self.key])
        #expect(table.stderr.contains("flickr failed: offline: nothing cached for this search; run it once online"))

        _ = try await search()
        let online = try await calls()
        let cached = try await search(["--offline"])
        #expect(cached.status == 0)
        #expect(try flickrStatus(cached)?["status"] as? String == "ok")
        #expect(try flickrStatus(cached)?["count"] as? Int == 25)
        #expect(try await calls() == online)
        let other = try await search(["--offline", "--provider", "flickr"], query: "lighthouse")
        #expect(other.status == 1)  // the only provider had nothing cached
        #expect(try await calls() == online)
    }

    @Test("--offline with a file where the cache folder should be says so, not that the cache holds something odd")
    func offlineCacheIsAFile() async throws {
        defer { workspace.remove() }
        let file = workspace.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let output = try await workspace.run(
            ["search", "harbor", "--offline", "--format", "json"],
            environment: ["FLICKR_API_KEY": Self.key, "XDG_CACHE_HOME": file.path])
        #expect(
            try flickrStatus(output)?["error"] as? String
                == "offline: the cache folder \(file.path)/viewfinder/http cannot be used (Not a directory); "
                + "set XDG_CACHE_HOME to a folder Viewfinder can write, and run the search once online")
    }

    @Test("--help documents both flags; they cannot be combined")
    func flags() async throws {
        defer { workspace.remove() }
        for command in ["search", "popular"] {
            let help = try await workspace.run([command, "--help"])
            #expect(help.stdout.contains("--no-cache"))
            #expect(help.stdout.contains("--offline"))
        }
        let both = try await workspace.run(["search", "harbor", "--no-cache", "--offline"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--no-cache or --offline, not both"))
    }
}
