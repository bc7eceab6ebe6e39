import CommonsProvider
import ExecProvider
import FiveHundredPxProvider
import FlickrProvider
import Foundation
import LocalFolderProvider
import OpenverseProvider
import PexelsProvider
import PixabayProvider
import ProviderKit
import Testing
import UnsplashProvider
import Yams

@testable import ServiceBus

/// `OptionsDecoder` stands in for Yams' `YAMLDecoder` when a provider's options are read. These
/// hold the two to the same answer, a value or an error of the same kind at the same coding path
/// naming the same type, for every scalar type Yams reads, in every quoting, and for every
/// built-in provider's options, good and bad.
@Suite("Options decoder")
struct OptionsDecoderTests {
    /// What a decode gave: the value, or the error's kind, coding path, key or type.
    static func outcome(_ body: () throws -> Any) -> String {
        do {
            return "value " + describe(try body())
        } catch let error as DecodingError {
            func path(_ keys: [any CodingKey]) -> String {
                keys.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
            }
            switch error {
            case .keyNotFound(let key, let context):
                return "keyNotFound \(key.stringValue) at \(path(context.codingPath))"
            case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context.codingPath))"
            case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context.codingPath))"
            case .dataCorrupted(let context):
                return "dataCorrupted at \(path(context.codingPath)): \(context.debugDescription)"
            @unknown default: return "unknown \(error)"
            }
        } catch {
            return "other \(error)"
        }
    }

    /// A value as text that tells values apart (`Data`'s own description gives only its size).
    static func describe(_ value: Any) -> String {
        if let data = value as? Data { return "data " + data.base64EncodedString() }
        if let list = value as? [Data] { return list.map(describe).joined(separator: ",") }
        return String(reflecting: value)
    }

    /// Both decoders' outcomes for `type` read from `yaml`, composed as the configuration is;
    /// `nil` when the text is not YAML at all.
    static func outcomes<T: Decodable>(_ type: T.Type, _ yaml: String) -> (ours: String, yams: String)? {
        guard let node = try? YAMLScalarTypes.compose(yaml: yaml) else { return nil }
        return (
            outcome { try OptionsDecoder.decode(T.self, from: node) },
            outcome { try YAMLDecoder().decode(T.self, from: node) }
        )
    }

    /// One value under `value`, required, optional, or in a list.
    struct Holder<T: Decodable>: Decodable {
        var value: T
    }
    struct MaybeHolder<T: Decodable>: Decodable {
        var value: T?
    }

    static let texts = [
        "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "yes", "No", "on", "OFF", "y", "0", "-0", "+12", "012",
        "0o17", "0x1F", "0b101", "-0x1F", "1_000", "1:30", "-1:30:00", "190:20:30", "3.14", ".5", "-.5", "1e3",
        "1.0e+3", "6.8523015e+5", "-.inf", ".Inf", "+.inf", ".nan", ".NaN", "NaN", "inf", "127", "128", "-128", "-129",
        "255", "256", "65535", "65536", "2147483648", "4294967296", "9223372036854775807", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "-9223372036854775808", "-1", "1.5", "12.5e", "1_0.5",
        "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2002-12-14T00:00:00Z",
        "https://example.org/a", "http://x", "ftp://h/p?q=1#f", "not a url", "a b", "/tmp/photos",
        "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "aGVsbG8=", "aGVsbG8",
        "R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5", "日本", "café", "=", "<<", "- x", "a: b",
        "#", "'", "\"", "\\", "\t", " lead", "trail ", "1 2",
    ]

    /// `text` as a plain, single-quoted and double-quoted YAML scalar.
    static func spellings(of text: String) -> [String] {
        let doubled = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\t", with: "\\t")
        return [text, "'" + text.replacingOccurrences(of: "'", with: "''") + "'", "\"" + doubled + "\""]
    }

    static func compareEveryText<T: Decodable>(as type: T.Type) -> Int {
        var compared = 0
        for text in texts {
            for spelling in spellings(of: text) {
                for yaml in ["value: \(spelling)\n", "value: [\(spelling), 1]\n"] {
                    for pair in [
                        outcomes(Holder<T>.self, yaml), outcomes(MaybeHolder<T>.self, yaml),
                        outcomes(Holder<[T]>.self, yaml), outcomes(Holder<[T?]>.self, yaml),
                    ] {
                        guard let pair else { continue }
                        #expect(pair.ours == pair.yams, "\(T.self) from \(yaml.debugDescription)")
                        compared += 1
                    }
                }
            }
        }
        return compared
    }

    @Test("every scalar type Yams reads gives the same value or error, whatever the text and quoting")
    func everyScalarType() {
        let compared = [
            Self.compareEveryText(as: String.self), Self.compareEveryText(as: Bool.self),
            Self.compareEveryText(as: Int.self), Self.compareEveryText(as: Int8.self),
            Self.compareEveryText(as: Int16.self), Self.compareEveryText(as: Int32.self),
            Self.compareEveryText(as: Int64.self), Self.compareEveryText(as: UInt.self),
            Self.compareEveryText(as: UInt8.self), Self.compareEveryText(as: UInt16.self),
            Self.compareEveryText(as: UInt32.self), Self.compareEveryText(as: UInt64.self),
            Self.compareEveryText(as: Double.self), Self.compareEveryText(as: Float.self),
            Self.compareEveryText(as: URL.self), Self.compareEveryText(as: Decimal.self),
            Self.compareEveryText(as: UUID.self), Self.compareEveryText(as: Date.self),
            Self.compareEveryText(as: Data.self),
        ]
        #expect(compared.reduce(0, +) > 10_000)
    }

    /// Reads a list item by item past its end, nested containers, and a super decoder.
    struct Shapes: Decodable {
        var pairs: [[String: [Int]]]
        var words: [String]
        var first: String
        var rest: [String]

        enum Keys: String, CodingKey { case pairs, words, nested, inner }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            pairs = try container.decode([[String: [Int]]].self, forKey: .pairs)
            var list = try container.nestedUnkeyedContainer(forKey: .words)
            var words: [String] = []
            for _ in 0..<3 { words.append(try list.decode(String.self)) }
            self.words = words
            let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            var inner = try nested.nestedUnkeyedContainer(forKey: .inner)
            first = try inner.decodeNil() ? "nil" : try inner.decode(String.self)
            rest = try [String](from: try inner.superDecoder())
        }
    }

    @Test("lists, nested containers and a list read past its end give the same values and errors")
    func shapes() throws {
        let cases = [
            "pairs: [{a: [1, 2]}, {b: []}]\nwords: [x, y, z]\nnested: {inner: [~, [q, r]]}\n",
            "pairs: [{a: [1, 2]}]\nwords: [x, y]\nnested: {inner: [p, [q]]}\n",
            "pairs: [{a: [1, x]}]\nwords: [x, y, z]\nnested: {inner: [p, [q]]}\n",
            "pairs: {a: 1}\nwords: [x, y, z]\nnested: {inner: [p]}\n",
            "pairs: []\nwords: x\nnested: {inner: [p]}\n",
            "pairs: []\nwords: [x, y, z]\nnested: [inner]\n",
            "pairs: []\nwords: [x, y, z]\nnested: {inner: [p]}\n",
            "pairs: []\nwords: [x, [y], z]\nnested: {inner: [p, q]}\n",
            "pairs: []\nwords: [x, y, z]\n",
            "- a\n", "just text\n",
        ]
        for yaml in cases {
            let pair = try #require(Self.outcomes(Shapes.self, yaml))
            #expect(pair.ours == pair.yams, "\(yaml.debugDescription)")
        }
    }

    /// Option mappings for `type`: good, partial, and with each kind of wrong value in each key.
    static func optionCases(keys: [String], good: String) -> [String] {
        var cases = [good, "{}", "[]", "text", "~", "\(good.dropLast()), unknown: 1}"]
        for key in keys {
            for wrong in ["[1, 2]", "{a: b}", "text", "-5", "99999999999999999999", "1.5", "~", "''", "yes"] {
                cases.append("{\(key): \(wrong)}")
                cases.append(good.dropLast() + ", \(key): \(wrong)}")
            }
        }
        return cases
    }

    static func compareOptions<F: ProviderFactory>(of factory: F, good: String) -> Int {
        let keys = F.Options.Keys.allCases.map(\.stringValue)
        let goodOutcome = outcomes(F.Options.self, good)?.ours ?? "not YAML"
        #expect(goodOutcome.hasPrefix("value "), "\(factory.typeName) from \(good): \(goodOutcome)")
        var compared = 0
        for yaml in optionCases(keys: keys, good: good) {
            guard let pair = outcomes(F.Options.self, yaml) else { continue }
            #expect(pair.ours == pair.yams, "\(factory.typeName) from \(yaml)")
            compared += 1
        }
        return compared
    }

    @Test("every built-in provider's options decode alike, good ones and every kind of bad value in each key")
    func builtInOptions() {
        let compared = [
            Self.compareOptions(of: LocalFolderFactory(), good: "{path: /tmp/photos, recursive: no}"),
            Self.compareOptions(
                of: FlickrFactory(),
                good: "{api_key: k, endpoint: 'https://h/x', sort: interestingness-desc, license: [1, 2], per_page: 50}"
            ),
            Self.compareOptions(of: FiveHundredPxFactory(), good: "{consumer_key: k, exclude: [Nude, Travel]}"),
            Self.compareOptions(of: OpenverseFactory(), good: "{page_size: 10, mature: true, source: flickr}"),
            Self.compareOptions(of: CommonsFactory(), good: "{page_size: 10, language: de, contact: a@b.c}"),
            Self.compareOptions(of: UnsplashFactory(), good: "{access_key: k, orientation: squarish}"),
            Self.compareOptions(of: PexelsFactory(), good: "{api_key: k, per_page: 40}"),
            Self.compareOptions(of: PixabayFactory(), good: "{api_key: k, safe_search: false, order: latest}"),
            Self.compareOptions(
                of: ExecFactory(),
                good: "{command: [/bin/echo, hi], env: {A: b}, extra: {deep: [1, {x: ~}], f: 1.5, t: true}}"),
        ]
        #expect(compared.reduce(0, +) > 500)
    }
}
