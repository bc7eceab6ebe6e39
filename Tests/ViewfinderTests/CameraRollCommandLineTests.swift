import Foundation
import ProviderTesting
import Testing

/// A phone's camera roll (scripts/make-camera-roll.py: `IMG_nnnn.jpg` files with only an EXIF
/// date, offset and GPS position) searched by when and where its photos were taken.
@Suite("viewfinder over a camera roll")
struct CameraRollCommandLineTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace(
            config: """
                providers:
                  roll:
                    type: local-folder
                    path: photos
                """)
        let script = Workspace.samples.deletingLastPathComponent().appendingPathComponent("scripts/make-camera-roll.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, workspace.url.appendingPathComponent("photos").path, "40"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// The files a search finds, sorted.
    private func found(_ query: String) async throws -> [String] {
        let output = try await workspace.run(["search", query, "--limit", "100", "--format", "json"])
        #expect(output.status == 0 || output.status == 3, "stderr: \(output.stderr)")
        let results = try output.json()["results"] as? [[String: Any]] ?? []
        return results.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
            .sorted()
    }

    @Test("a year, a month, a month and year, and an ISO month find the photos taken then, in their own local time")
    func timeWords() async throws {
        defer { workspace.remove() }
        let in2019 = try await found("2019")
        // Taken 2019-12-31T23:30-05:00 in New York: 2020 in UTC, 2019 where it was taken.
        #expect(in2019.contains("IMG_0006.jpg"))
        // Taken 2020-01-01T00:10+09:00 in Tokyo: 2019 in UTC, 2020 where it was taken.
        #expect(!in2019.contains("IMG_0007.jpg"))
        #expect(try await found("2020").contains("IMG_0007.jpg"))
        #expect(Array(try await found("2019-06").prefix(2)) == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(try await found("june 2019") == (try await found("2019-06")))
        #expect(try await found("jun 2019") == (try await found("2019-06")))
        let december = try await found("december")
        #expect(december.contains("IMG_0006.jpg") && !december.contains("IMG_0001.jpg"))
        #expect(try await found("1999").isEmpty)
    }

    @Test(
        "city, suburb, region and country names, in local, English and short forms, find photos that carry only a position"
    )
    func placeWords() async throws {
        defer { workspace.remove() }
        let lisbon = try await found("lisbon")
        #expect(lisbon.contains("IMG_0001.jpg") && lisbon.contains("IMG_0002.jpg"))  // Almada belongs to Lisbon
        #expect(try await found("lisboa") == lisbon)
        #expect(try await found("portugal") == lisbon)
        #expect(try await found("munchen") == (try await found("munich")))
        #expect(try await found("münchen").contains("IMG_0004.jpg"))  // Pasing, in Munich's west
        #expect(try await found("cauca").contains("IMG_0005.jpg"))
        #expect(try await found("usa").contains("IMG_0006.jpg"))
        #expect(try await found("lisbon 2019-06") == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(try await found("uk").contains("IMG_0008.jpg"))
        // (0,0) in the Gulf of Guinea and Point Nemo get no place, so no country matches them.
        for query in ["ghana", "chile", "nigeria", "new zealand"] {
            let matches = try await found(query)
            #expect(!matches.contains("IMG_0009.jpg") && !matches.contains("IMG_0010.jpg"), "\(query)")
        }
    }

    @Test("JSON, the table and inspect show the place; a photo without a position has a null place")
    func placeShown() async throws {
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "lisbon", "--limit", "100", "--format", "json"])
        let results = try #require(try output.json()["results"] as? [[String: Any]])
        let almada = try #require(results.first { $0["id"] as? String == "IMG_0002.jpg" })
        let place = try #require(almada["place"] as? [String: Any])
        #expect(place["city"] as? String == "Lisbon")
        #expect(place["country"] as? String == "Portugal" && place["country_code"] as? String == "PT")
        #expect(place["name"] as? String == "Almada")
        let all = try #require(
            try await workspace.run(["search", "img", "--limit", "100", "--format", "json"]).json()["results"]
                as? [[String: Any]])
        #expect(all.first { $0["id"] as? String == "IMG_0010.jpg" }?["place"] is NSNull)  // Point Nemo
        #expect(all.first { $0["id"] as? String == "IMG_0020.jpg" }?["place"] is NSNull)  // no position
        let inspected = try await workspace.run(["inspect", "photos/IMG_0002.jpg"])
        #expect(inspected.stdout.contains("place        Almada, Lisbon, Setúbal, Portugal"), "\(inspected.stdout)")
        let table = try await workspace.run(["search", "lisbon"], environment: ["COLUMNS": "160"])
        #expect(table.stdout.split(separator: "\n").first?.contains("Place") == true)
        #expect(table.stdout.contains("Lisbon, Portugal"))
        // Narrower, the paths give way, then the place goes before any title is cut.
        let narrow = try await workspace.run(["search", "lisbon"], environment: ["COLUMNS": "70"])
        #expect(narrow.stdout.split(separator: "\n").first?.contains("Place") == false)
        #expect(narrow.stdout.contains("IMG 0001"))
    }

    @Test("a folder indexed while place names were off is found by place once they are on, its photos read again")
    func placesTurnedBackOn() async throws {
        defer { workspace.remove() }
        let off = try await workspace.run(
            ["search", "lisbon", "--format", "json"], environment: ["VIEWFINDER_PLACES": "off"])
        #expect((try off.json()["results"] as? [[String: Any]])?.isEmpty == true)
        let on = try await workspace.run(["search", "lisbon", "--limit", "100", "--format", "json", "--verbose"])
        #expect((try on.json()["results"] as? [[String: Any]])?.isEmpty == false, "stderr: \(on.stderr)")
        #expect(Self.readCount(on.stderr) ?? 0 > 0, "the photos with a position are read again: \(on.stderr)")
        let again = try await workspace.run(["search", "lisbon", "--verbose"])
        #expect(Self.readCount(again.stderr) == 0, "then the index serves: \(again.stderr)")
    }

    /// N in the walk's "…; N read, M from the index" line of `--verbose`.
    private static func readCount(_ log: String) -> Int? {
        guard let range = log.range(of: " read, ") else { return nil }
        return Int(log[..<range.lowerBound].split(whereSeparator: { !$0.isNumber }).last ?? "")
    }

    @Test(
        "--near takes a name (the most populous, the others in --verbose) or LAT,LON, a minus first too; an unknown name is exit 64 with a did-you-mean"
    )
    func near() async throws {
        defer { workspace.remove() }
        let near = try await workspace.run([
            "search", "img", "--near", "lisbon", "--within", "6km", "--limit", "100", "--format", "json", "--verbose",
        ])
        #expect(near.status == 0, "\(near.stderr)")
        let ids = (try near.json()["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("IMG_0001.jpg") && ids.contains("IMG_0002.jpg") && !ids.contains("IMG_0003.jpg"))
        #expect(near.stderr.contains("near Lisbon, Portugal"))
        #expect(near.stderr.contains("also Lisbon, Maine, United States"))
        let close = try await workspace.run([
            "search", "img", "--near", "38.7101,-9.1366", "--within", "500m", "--format", "json",
        ])
        #expect(
            (try close.json()["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.allSatisfy {
                ["IMG_0001.jpg", "IMG_0011.jpg", "IMG_0021.jpg", "IMG_0031.jpg"].contains($0)
            } == true)
        // A southern or western position starts with a minus, and is a value, not an option.
        let south = try await workspace.run(["search", "img", "--near", "-33.87,151.21", "--format", "json"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect((try south.json()["results"] as? [[String: Any]])?.isEmpty == true)
        let negative = try await workspace.run(["search", "img", "--near", "lisbon", "--within", "-1km"])
        #expect(
            negative.status == 64 && negative.stderr.contains("within '-1km' is not a distance"), "\(negative.stderr)")
        let unknown = try await workspace.run(["search", "img", "--near", "Lisbn"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("did you mean 'Lisbon'"))
    }

    @Test(
        "search.filters.near and within in YAML: a name narrows every search; an unknown one is a configuration error at its line"
    )
    func nearInConfiguration() async throws {
        defer { workspace.remove() }
        let config = workspace.url.appendingPathComponent("config.yaml")
        try Data(
            """
            search:
              filters:
                near: lisboa
                within: 6km
            providers:
              roll:
                type: local-folder
                path: photos
            """.utf8
        ).write(to: config)
        let nearLisbon = try await found("img")
        #expect(nearLisbon.contains("IMG_0001.jpg") && nearLisbon.contains("IMG_0002.jpg"))
        #expect(
            nearLisbon.allSatisfy {
                [
                    "IMG_0001.jpg", "IMG_0002.jpg", "IMG_0011.jpg", "IMG_0012.jpg", "IMG_0021.jpg", "IMG_0022.jpg",
                    "IMG_0031.jpg", "IMG_0032.jpg",
                ].contains($0)
            })
        try Data(
            """
            search:
              filters:
                near: Lisbn
            providers:
              roll:
                type: local-folder
                path: photos
            """.utf8
        ).write(to: config)
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        #expect(
            check.stderr.contains(
                "config.yaml:3:11: `search.filters.near`: `Lisbn` is not a place Viewfinder knows (did you mean 'Lisbon'"
            ), "\(check.stderr)")
    }
}
