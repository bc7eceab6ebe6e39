import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import ExecProvider

/// The byte reader for photo lines against Foundation's decoder: whatever line it takes, it
/// must read as the decoder does; the usual lines it must take; the rest it leaves alone.
@Suite("Plugin photo lines read from their bytes")
struct PhotoLineReaderTests {
    /// What the decoder makes of `line`: the photo, or `nil` for anything else.
    func decoded(_ line: Data) -> WirePhoto? {
        guard case .photo(let photo)? = try? JSONDecoder().decode(WireLine.self, from: line) else { return nil }
        return photo
    }

    /// Fails unless the reader leaves `line` alone or reads it exactly as the decoder does.
    func expectAgreement(_ line: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let read = PhotoLineReader.wirePhoto(line) else { return }
        #expect(
            read == decoded(line), "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    static let usual: [String] = [
        #"{"photo":{"id":"p1","title":"Photo 1","image_url":"http://127.0.0.1:8080/1.jpg"}}"#,
        #"{"photo": {"id": "42", "title": "Harbor at dawn", "author": "Ana", "page_url": "https://e.org/p/42", "#
            + #""image_url": "https://e.org/42.jpg", "thumbnail_url": "https://e.org/42_t.jpg", "width": 4000, "#
            + #""height": 3000, "taken_at": "2024-05-01T06:12:00", "tags": ["sea", "boats"], "license": "CC-BY-4.0", "#
            + #""camera": "X100V"}}"#,
        "  {\"photo\" :\t{ \"id\" : \"a\" , \"tags\" : [ ] , \"width\" : null }\t}\r",
        #"{"photo":{"id":"é","title":"Ça déborde — 港の朝 🌅","tags":["été","海"]}}"#,
        #"{"photo":{"id":"x","title":"","author":null,"width":0,"height":-3,"extra":[],"more":true,"n":-0}}"#,
        #"{"photo":{"id":"   ","title":"blank id"}}"#,
        #"{"photo":{"id":"z","width":9223372036854775807,"height":-9223372036854775808}}"#,
        // Escapes, odd types and unknown values, read over without being built.
        #"{"photo":{"id":"a","title":"tab\tescaped"}}"#,
        #"{"photo":{"id":"a","title":"quote \" inside \\ \/ \b\f\n\r"}}"#,
        #"{"photo":{"id":"a","title":"\u00e9 \ud83c\udf05 \u0000"}}"#,
        #"{"photo":{"id":"a","title":5,"author":true,"camera":[1,{"x":null}],"license":{}}}"#,
        #"{"photo":{"id":"a","tags":["a",1]}}"#,
        #"{"photo":{"id":"a","tags":"sea"}}"#,
        #"{"photo":{"id":"a","tags":["", "  ", "sea", "\t"]}}"#,
        #"{"photo":{"id":"a","nested":{"b":[1.5e-3,-0.0,"\u00e9",{"c":[]}]}},"extra":[0,0,0]}"#,
        #"{"photo":{"id":null}}"#,
        #"{"photo":{"id":["a"]}}"#,
        #"{"photo":{"id":"a","width":"12","height":{}}}"#,
        #"{"photo":{}}"#,
    ]

    static let leftToTheDecoder: [String] = [
        #"{"photo":{"id":7}}"#,  // a number as the id: the decoder's exact reading
        #"{"photo":{"id":"a","title":"\ud83c alone"}}"#,  // a lone surrogate
        #"{"photo":{"id":"a","title":"\x"}}"#,
        #"{"photo":{"id":"a","width":12.0}}"#,
        #"{"photo":{"id":"a","width":1e3}}"#,
        #"{"photo":{"id":"a","width":012}}"#,
        #"{"photo":{"id":"a","width":9223372036854775808}}"#,
        #"{"photo":{"id":"a","id":"b"}}"#,
        #"{"photo":{"id":"a"},"photo":{"id":"b"}}"#,
        #"{"photo":{"id":"a","x":012}}"#,
        #"{"photo":{"id":"a","x":1.}}"#,
        #"{"photo":{"id":"a","x":[1,]}}"#,
        #"{"photo":{"id":"a","x":tru}}"#,
        #"{"photo":{"id":"a"},"error":"boom"}"#,
        #"{"error":"boom","photo":{"id":"a"}}"#,
        #"{"photo":{"id":"a"}} trailing"#,
        #"{"photo":{"id":"a"}"#,
        #"{"photo":{"id":"a",}}"#,
        #"{"photo":[{"id":"a"}]}"#,
        #"{"filters_applied":["license"]}"#,
        #"["photo"]"#,
        "{\"photo\":{\"id\":\"a\",\"title\":\"control \u{1} char\"}}",
    ]

    @Test("the usual photo lines are read from their bytes, as the decoder reads them")
    func usualLines() {
        for text in Self.usual {
            let line = Data(text.utf8)
            #expect(PhotoLineReader.wirePhoto(line) != nil, "\(text)")
            expectAgreement(line)
        }
    }

    @Test(
        "numbers only the decoder reads exactly, lone surrogates, repeated keys and other lines are left to the decoder"
    )
    func otherLines() {
        for text in Self.leftToTheDecoder {
            #expect(PhotoLineReader.wirePhoto(Data(text.utf8)) == nil, "\(text)")
        }
        var invalid = Data(#"{"photo":{"id":"a","title":""#.utf8)
        invalid += [0xC3, 0x28]  // not UTF-8
        invalid += Data(#""}}"#.utf8)
        #expect(PhotoLineReader.wirePhoto(invalid) == nil)
    }

    @Test("50,000 mutated lines: every one the reader takes, it reads as the decoder does")
    func mutatedLines() {
        var random = SplitMix(seed: 0x5EED)
        let seeds = (Self.usual + Self.leftToTheDecoder).map { Array($0.utf8) }
        let alphabet = Array(#"{}[]":,\ -+.0123456789eEtrufalsn"#.utf8) + [0x00, 0x09, 0x0A, 0xC3, 0xA9, 0xFF]
        var taken = 0
        for _ in 0..<50_000 {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0...(random.next() % 3) {
                let position = Int(random.next() % UInt64(bytes.count + 1))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0: bytes.insert(byte, at: position)
                case 1 where position < bytes.count: bytes[position] = byte
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let line = Data(bytes)
            if PhotoLineReader.wirePhoto(line) != nil { taken += 1 }
            expectAgreement(line)
        }
        #expect(taken > 2_000, "the reader took only \(taken) lines: the comparison proves little")
    }

    @Test("blank tags are dropped, 64 kept, each cut to 100 characters; long texts cut, long URLs ignored; both paths")
    func limits() throws {
        let tags = ["", " ", "\\t"] + (0..<200).map { "t\($0)" }
        let list = tags.map { "\"\($0)\"" }.joined(separator: ",")
        let long = String(repeating: "é", count: 40_000)  // 80 KB: more than the reader builds
        let url = "https://e.org/" + String(repeating: "é", count: 4_090)  // 8,194 bytes
        let longest = "https://e.org/" + String(repeating: "a", count: 8_192 - 14)
        for escape in ["", "\\n"] {  // with an escape: the same reading
            let text =
                #"{"photo":{"id":"a","title":"\#(long)\#(escape)","tags":[\#(list),"\#(long)"],"#
                + #""page_url":"\#(url)","image_url":"\#(longest)"}}"#
            let line = Data(text.utf8)
            let read = try #require(PhotoLineReader.wirePhoto(line))
            #expect(read == decoded(line))
            #expect(read.tags == (0..<64).map { "t\($0)" })
            #expect(read.title == String(repeating: "é", count: WirePhoto.maximumTextLength))
            #expect(read.pageURL == nil)
            #expect(read.imageURL == longest)
        }
        let few = Data((#"{"photo":{"id":"a","tags":["","sea",""# + String(repeating: "b", count: 300) + #""]}}"#).utf8)
        #expect(PhotoLineReader.wirePhoto(few)?.tags == ["sea", String(repeating: "b", count: 100)])
    }

    @Test("an id longer than 1,024 bytes is refused, never cut (two ids cut alike would merge), on both paths")
    func longID() throws {
        let longest = String(repeating: "é", count: 512)  // 1,024 bytes
        for (id, expected) in [(longest, WireID.text(longest)), (longest + "a", .tooLong), (" " + longest, .tooLong)] {
            let line = Data(#"{"photo":{"id":"\#(id)"}}"#.utf8)
            let read = try #require(PhotoLineReader.wirePhoto(line))
            #expect(read == decoded(line))
            #expect(read.id == expected)
        }
        let line = Data((#"{"photo":{"id":""# + String(repeating: "x", count: 100_000) + #""}}"#).utf8)
        #expect(throws: ExecError.idTooLong(line: 2, limit: 1_024)) {
            try PluginProtocol.photo(fromLine: line, number: 2, provider: "p")
        }
    }

    @Test("a line of a million empty tags and an unknown list of zeros is read from its bytes: one tag, no field")
    func hugeLine() throws {
        let text =
            #"{"photo":{"id":"big","tags":["# + String(repeating: #""","#, count: 1_000_000) + #""sea"],"junk":["#
            + String(repeating: "0,", count: 1_000_000) + #"{"deep":[[[]]]}]},"more":""#
            + String(repeating: " ", count: 1_000)
            + #""}"#
        let line = Data(text.utf8)
        let read = try #require(PhotoLineReader.wirePhoto(line))
        #expect(read.tags == ["sea"])
        #expect(read.id == .text("big"))
        let photo = try #require(try PluginProtocol.photo(fromLine: line, number: 1, provider: "p"))
        #expect(photo.tags == ["sea"])
    }

    @Test("a line only the decoder reads, holding more than 100,000 values, fails with its number and the limit")
    func tooManyValuesForTheDecoder() {
        let text = #"{"photo":{"id":7,"junk":["# + String(repeating: "0,", count: 150_000) + "0]}}"
        #expect(throws: ExecError.tooManyValues(line: 3, limit: 100_000)) {
            try PluginProtocol.photo(fromLine: Data(text.utf8), number: 3, provider: "p")
        }
        let small = #"{"photo":{"id":7,"junk":["# + String(repeating: "0,", count: 1_000) + "0]}}"
        #expect((try? PluginProtocol.photo(fromLine: Data(small.utf8), number: 3, provider: "p"))??.id == "7")
    }

    @Test(
        "a position is read by the decoder alone and names the place; one that is not a number is as if absent on both paths"
    )
    func position() throws {
        let line = Data(#"{"photo":{"id":"p","latitude":38.7223,"longitude":-9.1393}}"#.utf8)
        #expect(PhotoLineReader.wirePhoto(line) == nil)  // decimals: the decoder's exact reading
        let photo = try #require(decoded(line)).photo(line: 1, provider: "plug")
        #expect(photo.location == GeoLocation(latitude: 38.7223, longitude: -9.1393))
        let text = Data(#"{"photo":{"id":"p","latitude":"38.7","longitude":null}}"#.utf8)
        expectAgreement(text)
        let read = try #require(PhotoLineReader.wirePhoto(text))
        #expect(read.latitude == nil && read.longitude == nil)
        let half = try #require(decoded(Data(#"{"photo":{"id":"p","latitude":38.7}}"#.utf8)))
        #expect(try half.photo(line: 1, provider: "plug").location == nil)
    }
}
