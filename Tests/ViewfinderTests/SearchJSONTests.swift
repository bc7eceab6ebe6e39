import Foundation
import ProviderKit
import SearchViewModel
import Testing

@testable import ViewfinderCommandLine

/// The search's JSON is written by hand (``JSONValue``) for speed; `JSONEncoder`, given the same
/// values, is the reference it must equal byte for byte.
@Suite("The search's JSON, written by hand, equals what JSONEncoder writes")
struct SearchJSONTests {
    static let hostile =
        "a/b \"quoted\" back\\slash \u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1b}[31m \u{7f}\u{85}\u{9b}2J é 漢字 🙂 "
        + "\u{61c}\u{200e}\u{200f}\u{2028}\u{2029}\u{202a}\u{202e}\u{2066}\u{2069}\u{feff} </script>"

    static func photo(_ number: Int) -> Photo {
        var photo = Photo(
            provider: "p\(number)", id: "id-\(number)", title: number == 0 ? hostile : "Harbor \(number)",
            description: number == 1 ? nil : hostile, author: "Jane",
            authorURL: URL(string: "https://example.org/a?b=1&c=2"),
            pageURL: URL(string: "https://example.org/p/\(number)"),
            images: [
                PhotoImage(size: .thumbnail, url: URL(string: "https://example.org/t/\(number).jpg")!),
                PhotoImage(size: .large, url: URL(string: "https://example.org/l/\(number).jpg")!),
            ],
            width: number == 2 ? nil : 4000, height: 3000, takenAt: DateTime.parse("2020-09-13T14:26:40+02:00"),
            tags: number == 1 ? [] : ["harbor", hostile], license: LicenseCatalog.license(id: "CC-BY-4.0"),
            attribution: hostile, popularity: Popularity(rating: number == 0 ? 4.25 : nil),
            location: number == 3 ? nil : GeoLocation(latitude: 59.3293, longitude: -18.0686), camera: "Canon EOS R5")
        photo.filePath = number == 0 ? "/photos/\(hostile).jpg" : nil
        photo.companionFiles = number == 0 ? [URL(fileURLWithPath: "/photos/\(hostile).CR2")] : []
        photo.place =
            number == 3
            ? nil
            : PlaceNames(name: number == 0 ? hostile : "Almada", city: "Lisbon", country: "Portugal", countryCode: "PT")
        return photo
    }

    static func state() -> SearchState {
        let ranked = (0..<5).map { number in
            RankedPhoto(
                rank: number + 1, score: [0.016393, 1.0, 1e-07, 0.30000000000000004, 123456789.5][number],
                photo: photo(number),
                explanation: [ScoreContribution(provider: "p\(number)", rank: number + 1, weight: 1.5, value: 1 / 61)])
        }
        var failed = ProviderStatus(
            name: "broken", typeName: "exec", phase: .failed, count: 0, duration: .milliseconds(1234), message: hostile)
        failed.note = "index off: \(hostile)"
        var filtered = ProviderStatus(name: "p0", typeName: "flickr", phase: .ok, count: 5, duration: .seconds(2))
        filtered.filtersAtSource = ["license"]
        filtered.filtersAfter = []
        filtered.filtersUnevaluable = ["taken"]
        filtered.timeWords = "2019 as taken date"
        let skipped = ProviderStatus(name: "off", typeName: "500px", phase: .skipped)
        return SearchState(
            request: SearchRequest(.search(hostile), limit: 5), providers: [failed, filtered, skipped], results: ranked,
            isRunning: false)
    }

    @Test("whole results, pretty and on one line, with and without explanations, and hostile text everywhere")
    func results() {
        for explain in [false, true] {
            let result = SearchJSON.Result(Self.state(), explain: explain)
            for pretty in [true, false] {
                #expect(SearchJSON.text(result.json, pretty: pretty) == SearchJSON.encode(result, pretty: pretty))
            }
        }
        let empty = SearchJSON.Result(
            SearchState(request: SearchRequest(.popular, limit: 5), providers: [], results: [], isRunning: false))
        #expect(SearchJSON.text(empty.json, pretty: true) == SearchJSON.encode(empty, pretty: true))
    }

    @Test("a single photo and a provider event, as the page's stream and ndjson write them")
    func events() {
        let photo = SearchJSON.PhotoJSON(Self.photo(0))
        #expect(SearchJSON.text(photo.json) == SearchJSON.encode(photo))
        for status in Self.state().providers {
            let provider = SearchJSON.ProviderJSON(status)
            #expect(SearchJSON.text(provider.json) == SearchJSON.encode(provider))
        }
        let merged = JSONValue.object([("b", .int(1)), ("d", .null)]).merging([
            ("a", .string("x")), ("c", .bool(false)),
        ])
        #expect(SearchJSON.text(merged) == #"{"a":"x","b":1,"c":false,"d":null}"#)
    }

    @Test("files: a local photo's own path, then the RAWs listed with it; null for a photo that is not a file")
    func files() {
        var photo = Photo(provider: "local", id: "IMG_0001.JPG", filePath: "/p/IMG_0001.JPG")
        #expect(SearchJSON.text(SearchJSON.PhotoJSON(photo).json).contains(#""files":["/p/IMG_0001.JPG"]"#))
        photo.companionFiles = [URL(string: "file:///p/IMG_0001.CR2")!]
        #expect(
            SearchJSON.text(SearchJSON.PhotoJSON(photo).json).contains(
                #""files":["/p/IMG_0001.JPG","/p/IMG_0001.CR2"]"#))
        #expect(SearchJSON.text(SearchJSON.PhotoJSON(Self.photo(1)).json).contains(#""files":null"#))
    }

    @Test("numbers JSON cannot hold are written null, never as text a reader refuses")
    func nonFinite() {
        #expect(
            SearchJSON.text(.array([.double(.nan), .double(.infinity), .double(-0.0), .double(2.5)]))
                == "[null,null,-0,2.5]")
    }
}
