import Foundation
import ProviderKit
import ProviderTesting
import Testing

/// The built binary searching the bundled-style samples and a fake Flickr (Tests/Fixtures/flickr_server.py) at once.
@Suite("viewfinder with Flickr", .serialized)
struct FlickrCommandLineTests {
    let flickr: LoopbackServer
    let workspace: Workspace

    init() async throws {
        flickr = try await LoopbackServer.start(script: "flickr_server.py")
        workspace = try Workspace(oneSampleAnd: Workspace.flickrEntry(flickr))
    }

    @Test("results from the folder and from Flickr are merged into one ranked list")
    func mergedSearch() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--limit", "25", "--format", "json"], environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 25)
        #expect(Set(results.compactMap { $0["provider"] as? String }) == ["photos", "flickr"])
        // Both providers' first results share the top score.
        #expect(results.prefix(2).compactMap { $0["provider"] as? String }.sorted() == ["flickr", "photos"])
        let fromFlickr = try #require(results.first { $0["provider"] as? String == "flickr" })
        #expect((fromFlickr["page_url"] as? String)?.hasPrefix("https://www.flickr.com/photos/") == true)
        #expect((fromFlickr["thumbnail_url"] as? String)?.hasSuffix("_q.jpg") == true)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["ok", "ok"])
        #expect(providers[1]["count"] as? Int == 25)  // each provider is asked for the whole limit
    }

    @Test("JSON gives each photo its licence (id, name, URL, three facts) and attribution line, null when absent")
    func licenceInJSON() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--limit", "40", "--format", "json"], environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        let licensed = results.compactMap { result in
            (result["license"] as? [String: Any]).map { (result, $0) }
        }
        let byID = Dictionary(licensed.map { ($1["id"] as? String ?? "", ($0, $1)) }, uniquingKeysWith: { a, _ in a })
        let (ccPhoto, cc) = try #require(byID["CC-BY-NC-2.0"])
        #expect(cc["name"] as? String == "CC BY-NC 2.0")
        #expect(cc["url"] as? String == "https://creativecommons.org/licenses/by-nc/2.0/")
        #expect(cc["commercial"] as? Bool == false)
        #expect(cc["modify"] as? Bool == true)
        #expect(cc["attribution_required"] as? Bool == true)
        #expect((ccPhoto["attribution"] as? String)?.contains("is licensed under CC BY-NC 2.0") == true)
        let (zeroPhoto, zero) = try #require(byID["CC0-1.0"])
        #expect(zero["attribution_required"] as? Bool == false)
        #expect(zeroPhoto["attribution"] is NSNull)
        let (_, reserved) = try #require(byID["all-rights-reserved"])
        #expect(reserved["url"] is NSNull)
        #expect(reserved["attribution_required"] is NSNull)  // unknown is null, never guessed
        let local = try #require(results.first { $0["provider"] as? String == "photos" })
        #expect((local["license"] as? [String: Any])?["id"] as? String == "CC0-1.0")  // from the file's own rights
        #expect(local["attribution"] is NSNull)  // CC0 asks for none
    }

    @Test("the table shows a licence column when wide enough and drops it first when narrow")
    func licenceColumn() async throws {
        defer { workspace.remove() }
        let wide = try await workspace.run(
            ["search", "harbor", "--provider", "flickr"],
            environment: ["FLICKR_API_KEY": "test-key-1234", "COLUMNS": "400"])
        #expect(wide.status == 0, "stderr: \(wide.stderr)")
        #expect(wide.stdout.split(separator: "\n").first?.contains("Licence") == true)
        #expect(wide.stdout.contains("CC BY-NC 2.0"))
        let narrow = try await workspace.run(
            ["search", "harbor", "--provider", "flickr"],
            environment: ["FLICKR_API_KEY": "test-key-1234", "COLUMNS": "80"])
        #expect(narrow.status == 0)
        let lines = narrow.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Licence") == false)
        #expect(lines.first?.contains("By") == true)  // dropped before the optional columns
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("the key never appears in output or --verbose logs; requests are logged with api_key=***")
    func keyNeverLeaks() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(
            ["search", "harbor", "--verbose", "--format", "ndjson"], environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("api_key=***"))
        #expect(!output.stderr.contains("test-key-1234"))
        #expect(!output.stdout.contains("test-key-1234"))
    }

    @Test("a key a server echoes back inside a photo (title, author, image URL) is hidden in every encoding")
    func echoedKeyInPhotos() async throws {
        defer { workspace.remove() }
        let key = "ECHO-SECRET/500+XYZ=="
        for format in ["table", "json", "ndjson"] {
            let output = try await workspace.run(
                ["search", "echo-photo", "--provider", "flickr", "--format", format, "--verbose"],
                environment: ["FLICKR_API_KEY": key, "COLUMNS": "400"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("Harbor GET /services/rest/"), "\(format): \(output.stdout)")
            for text in [output.stdout, output.stderr] {
                #expect(!Redaction.contains(text, secret: key), "\(format): \(text)")
                #expect(!text.contains("XYZ"), "\(format): \(text)")
            }
        }
        // At every width the table cuts the title and author somewhere else, inside the key at
        // some: no piece of it shows (the key is hidden before a cell is cut).
        for columns in stride(from: 60, through: 240, by: 9) {
            let table = try await workspace.run(
                ["search", "echo-key", "--provider", "flickr"],
                environment: ["FLICKR_API_KEY": key, "COLUMNS": String(columns)])
            #expect(table.status == 0)
            #expect(table.stdout.contains("Key *"), "COLUMNS=\(columns): \(table.stdout)")
            #expect(!table.stdout.contains("ECHO-"), "COLUMNS=\(columns): \(table.stdout)")
        }
    }

    @Test(
        "without a key Flickr is skipped with a note; with a rejected key it fails with advice, and the search still succeeds"
    )
    func missingAndRejectedKeys() async throws {
        defer { workspace.remove() }
        let skipped = try await workspace.run(["search", "harbor"])
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("– flickr skipped: api_key is empty; set $FLICKR_API_KEY to enable it"))
        let rejected = try await workspace.run(["search", "harbor"], environment: ["FLICKR_API_KEY": "wrong-key-0000"])
        #expect(rejected.status == 0)
        #expect(
            rejected.stderr.contains(
                "✗ flickr failed: Flickr rejected the API key (Invalid API Key (Key has invalid format)); check $FLICKR_API_KEY"
            ))
        #expect(!rejected.stderr.contains("wrong-key-0000"))
        let only = try await workspace.run(
            ["search", "harbor", "--provider", "flickr", "--format", "json"],
            environment: ["FLICKR_API_KEY": "wrong-key-0000"])
        #expect(only.status == 1)
    }

    @Test(
        "time words: Flickr gets them as taken dates out of its text, the folder matches them against each photo's date"
    )
    func timeWords() async throws {
        defer { workspace.remove() }
        // The sample was taken 2023-09-14; the fake Flickr's photos through 2023.
        let march = try await workspace.run(
            ["search", "harbor 2023-03", "--limit", "50", "--format", "json"],
            environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(march.status == 0, "stderr: \(march.stderr)")
        let json = try march.json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0["provider"] as? String == "flickr" })  // the sample is from September
        #expect(results.allSatisfy { ($0["taken_at"] as? String)?.hasPrefix("2023-03-") == true })
        let calls = try await flickr.recordedCalls()
        let call = try #require(calls.last)
        #expect(call["text"] == "harbor")
        #expect(call["min_taken_date"] == "2023-03-01 00:00:00")
        #expect(call["max_taken_date"] == "2023-03-31 23:59:59")
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(
            providers.map { $0["time_words"] as? String } == [
                "2023-03 by date taken or as words", "2023-03 as taken date",
            ])

        let september = try await workspace.run(
            ["search", "harbor september 2023", "--limit", "50", "--format", "json"],
            environment: ["FLICKR_API_KEY": "test-key-1234"])
        let found = try #require(try september.json()["results"] as? [[String: Any]])
        #expect(found.contains { $0["provider"] as? String == "photos" })
        #expect(found.allSatisfy { ($0["taken_at"] as? String)?.hasPrefix("2023-09-") == true })

        // Only time words: Flickr is asked by dates alone, with no text.
        let year = try await workspace.run(
            ["search", "2023", "--provider", "flickr", "--limit", "5", "--format", "json"],
            environment: ["FLICKR_API_KEY": "test-key-1234"])
        #expect(year.status == 0, "stderr: \(year.stderr)")
        #expect((try year.json()["results"] as? [[String: Any]])?.count == 5)
        let last = try #require(try await flickr.recordedCalls().last)
        #expect(last["text"] == nil && last["min_taken_date"] == "2023-01-01 00:00:00")
    }
}
