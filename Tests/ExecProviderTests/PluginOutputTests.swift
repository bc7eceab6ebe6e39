import Foundation
import ProviderKit
import Testing

@testable import ExecProvider

/// Reading a plugin's output: the same result however it was cut into reads, ids kept exact,
/// and every kind of bad line an error that names the line, never a crash.
@Suite("Exec plugin output")
struct PluginOutputTests {
    func photo(_ line: String) throws(ExecError) -> Photo? {
        try PluginProtocol.photo(fromLine: Data(line.utf8), number: 4, provider: "p")
    }

    @Test(
        "photos before an error line, a malformed line or a failed exit are delivered, then the failure, however the lines were written",
        arguments: ["error", "malformed", "exit"])
    func photosBeforeFailure(what: String) async throws {
        let expected = [
            "error": "plugin: the program reported: out of film",
            "malformed": "plugin: output line 3 is not valid JSON: {not json",
            "exit": "plugin: the program exited with status 3",
        ]
        for how in ["together", "apart"] {
            let provider = ExecProvider(
                name: "plugin", command: [Plugins.broken, "photos-then", what, how],
                environment: ProcessInfo.processInfo.environment, options: [:])
            let run = await Run.collect(provider, SearchRequest(.search("x"), limit: 10))
            #expect(run.ids == ["p1", "p2"], "\(what), \(how)")
            #expect(run.error == expected[what], "\(what), \(how)")
        }
    }

    @Test("the limit ends the run at its last photo, even when a failing line follows in the same read")
    func limitBeforeFailingLine() throws {
        let provider = ExecProvider(name: "p", command: ["x"], environment: [:], options: [:])
        let text = #"{"photo":{"id":"a"}}"# + "\n" + #"{"photo":{"id":"b"}}"# + "\n" + #"{"error":"late"}"# + "\n"
        for cut in 0...text.utf8.count {
            var progress = RunProgress(provider: provider, limit: 2)
            let bytes = Data(text.utf8)
            let photos = progress.take(bytes.prefix(cut)) + progress.take(bytes.dropFirst(cut))
            #expect(photos.map(\.id) == ["a", "b"])
            #expect(progress.finished)
            #expect(progress.takeFailure() == nil)
        }
    }

    @Test("lines are the same however the output was cut into reads; blank lines are counted, not returned")
    func linesIndependentOfChunks() {
        let text = "{\"a\":1}\n\n  \t\n{\"b\":2}\r\n\n{\"c\":3}"
        let bytes = Data(text.utf8)
        func lines(_ chunks: [Data]) -> [String] {
            var splitter = OutputLines()
            let all = chunks.flatMap { splitter.take($0) } + splitter.finish()
            return all.map { "\($0.number):" + String(decoding: $0.text, as: UTF8.self) }
        }
        let whole = lines([bytes])
        #expect(whole == ["1:{\"a\":1}", "4:{\"b\":2}\r", "6:{\"c\":3}"])
        for cut in 0...bytes.count {
            #expect(lines([bytes.prefix(cut), bytes.dropFirst(cut)]) == whole)
        }
        #expect(lines(bytes.map { Data([$0]) }) == whole)
    }

    @Test("numeric ids are written out in full, never rounded or trapped")
    func numericIDs() throws {
        let cases = [
            "1e19": "10000000000000000000", "12345678901234567890": "12345678901234567890", "42": "42",
            "42.0": "42", "-7": "-7", "9007199254740993": "9007199254740993",
            "12345678901234567890123456789012345678": "12345678901234567890123456789012345678",
        ]
        for (written, id) in cases {
            #expect(try photo(#"{"photo":{"id":\#(written)}}"#)?.id == id, "\(written)")
        }
    }

    @Test("an id that is missing, empty or not text or a usable number is an error naming the line")
    func badIDs() {
        for written in ["null", #""""#] {
            #expect(throws: ExecError.missingID(line: 4)) { try photo(#"{"photo":{"id":\#(written)}}"#) }
        }
        #expect(throws: ExecError.missingID(line: 4)) { try photo(#"{"photo":{"title":"no id"}}"#) }
        // Refused rather than rounded: a 51-digit id and one differing only in its last digits
        // would round to the same Decimal and merge two photos; so would fractions.
        for written in [
            "1e400", "true", "[1]", #"{"n":1}"#, "1.5",
            "123456789012345678901234567890123456789012345678901", "1234567890123456789012345678901234567890",
        ] {
            #expect(throws: ExecError.invalidID(line: 4)) { try photo(#"{"photo":{"id":\#(written)}}"#) }
        }
    }

    @Test("optional fields of an unusable type are ignored, an impossible size kept for the check; the photo kept")
    func unusableOptionalFields() throws {
        let found = try #require(
            try photo(
                #"{"photo":{"id":"a","width":1e19,"height":-5,"title":7,"tags":"x","taken_at":"soon","page_url":3}}"#))
        // A negative height is read as written: the provider's check notes it and makes it unknown.
        #expect(found.width == nil && found.height == -5 && found.title == nil)
        #expect(found.withoutImpossibleValues().photo?.height == nil)
        #expect(found.tags.isEmpty && found.takenAt == nil && found.pageURL == nil)
        let fractional = try #require(try photo(#"{"photo":{"id":"a","width":800.5,"height":600}}"#))
        #expect(fractional.width == nil && fractional.height == 600)
    }

    @Test("a plugin's camera is carried, white space collapsed; a blank or non-text camera is unknown")
    func camera() throws {
        #expect(try photo(#"{"photo":{"id":"a","camera":" FUJIFILM  X-T3 "}}"#)?.camera == "FUJIFILM X-T3")
        #expect(try photo(#"{"photo":{"id":"a","camera":"  "}}"#)?.camera == nil)
        #expect(try photo(#"{"photo":{"id":"a","camera":42}}"#)?.camera == nil)
        #expect(try photo(#"{"photo":{"id":"a"}}"#)?.camera == nil)
    }

    @Test("a configured key in a line that is not JSON, or on stderr, is hidden before the text is cut")
    func secretsHiddenBeforeCutting() throws {
        let key = "FlickrSecretKey777abcdefgh"
        let secrets = Redactor(secrets: [key])
        let line = Data(("not json " + String(repeating: "P", count: 55) + key + " tail").utf8)
        do {
            _ = try PluginProtocol.parse(line, number: 1, provider: "p", secrets: secrets)
            Issue.record("parsed")
        } catch {
            let message = "\(error)"
            #expect(message.contains("***"))
            #expect(!message.contains("FlickrSecre"))
        }
        // The tail keeps 4 KB: a key cut at its start is left out with its line, one inside hidden.
        let tail = StderrTail()
        tail.append(Data((key + String(repeating: "x", count: 4070) + "\nsaw " + key + "\nfatal\n").utf8))
        let lines = tail.lines(hiding: secrets)
        #expect(lines == ["saw ***", "fatal"])
        #expect(!lines.joined().contains("abcdefgh"))
    }

    @Test("valid JSON of another shape is an unknown line; text that is not JSON is invalid; neither crashes")
    func wrongShapes() {
        for line in ["[1,2]", #"{"photo":5}"#, "{}", "7", #""text""#, #"{"photo":[]}"#] {
            #expect(throws: ExecError.unknownLine(line: 4), "\(line)") { try photo(line) }
        }
        #expect(throws: ExecError.reported("(an error line without a text)")) { try photo(#"{"error":{"code":1}}"#) }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: ExecError.tooDeep(line: 4, depth: 100_000)) { try photo(deep) }
        #expect(throws: ExecError.invalidJSON(line: 4, excerpt: "[[{\"photo\": 1")) { try photo("[[{\"photo\": 1") }
        #expect(throws: ExecError.self) { try photo("{\"photo\":{\"id\":\"\u{FFFD}\"") }
    }

    @Test("valid JSON nested deeper than 512 levels is named as such; 500 levels in an unknown field are read")
    func deepNesting() throws {
        func nested(_ depth: Int) -> String {
            #"{"photo":{"id":"a","extra":"# + String(repeating: "[", count: depth)
                + String(repeating: "]", count: depth)
                + "}}"
        }
        #expect(throws: ExecError.tooDeep(line: 4, depth: 602)) { try photo(nested(600)) }
        #expect(try photo(nested(500))?.id == "a")
        let message = ExecError.tooDeep(line: 4, depth: 602).description
        #expect(message.contains("602 levels deep") && message.contains("at most 512"), "\(message)")
        // Brackets inside strings, escaped quotes included, do not count.
        #expect(PluginProtocol.nestingDepth(Data(#"{"a":"[[[\"[[[","b":[1]}"#.utf8)) == 2)
    }

    @Test("whole numbers in options reach the plugin exactly")
    func exactIntegerOptions() throws {
        let line = try PluginProtocol.requestLine(
            for: SearchRequest(.search("x"), limit: 1),
            options: ["big": .int(9_007_199_254_740_993), "half": .double(0.5), "whole": .double(3)])
        #expect(
            String(decoding: line, as: UTF8.self).contains(#""options":{"big":9007199254740993,"half":0.5,"whole":3}"#))
    }
}
