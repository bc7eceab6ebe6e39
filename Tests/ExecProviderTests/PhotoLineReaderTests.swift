import Foundation
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
        #"{"photo":{}}"#,
    ]

    static let leftToTheDecoder: [String] = [
        #"{"photo":{"id":7}}"#,  // a number as the id: the decoder's exact reading
        #"{"photo":{"id":"a","title":"tab\tescaped"}}"#,
        #"{"photo":{"id":"a","title":"quote \" inside"}}"#,
        #"{"photo":{"id":"a","title":"\u00e9"}}"#,
        #"{"photo":{"id":"a","width":12.0}}"#,
        #"{"photo":{"id":"a","width":1e3}}"#,
        #"{"photo":{"id":"a","width":012}}"#,
        #"{"photo":{"id":"a","width":9223372036854775808}}"#,
        #"{"photo":{"id":"a","title":5}}"#,
        #"{"photo":{"id":"a","tags":["a",1]}}"#,
        #"{"photo":{"id":"a","tags":"sea"}}"#,
        #"{"photo":{"id":"a","nested":{"b":1}}}"#,
        #"{"photo":{"id":"a","id":"b"}}"#,
        #"{"photo":{"id":"a"},"error":"boom"}"#,
        #"{"error":"boom","photo":{"id":"a"}}"#,
        #"{"photo":{"id":"a"}} trailing"#,
        #"{"photo":{"id":"a"}"#,
        #"{"photo":{"id":"a",}}"#,
        #"{"photo":{"id":null}}"#,
        #"{"photo":[{"id":"a"}]}"#,
        #"{"filters_applied":["license"]}"#,
        #"["photo"]"#,
        "{\"photo\":{\"id\":\"a\",\"title\":\"control \u{1} char\"}}",
    ]

    @Test("the usual photo lines are read from their bytes, as the decoder reads them")
    func usualLines() {
        for text in Self.usual.dropLast() {
            let line = Data(text.utf8)
            #expect(PhotoLineReader.wirePhoto(line) != nil, "\(text)")
            expectAgreement(line)
        }
        #expect(PhotoLineReader.wirePhoto(Data(#"{"photo":{}}"#.utf8)) == nil)  // no id: the decoder says why
    }

    @Test("escapes, numbers only the decoder reads exactly, odd types and other lines are left to the decoder")
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
}
