import ArgumentParser
import Foundation
import Testing

@testable import ViewfinderCommandLine

/// `search`'s hand reader (`SearchFastParse`) against ArgumentParser, which stays the definition
/// of the options: the same options, and the same search for every option in every form; what
/// the reader does not take is left to ArgumentParser, which reports it.
@Suite("search's command line read by hand, as ArgumentParser reads it")
struct SearchFastParseTests {
    /// A value ArgumentParser accepts, for each option that takes one (by its long name).
    static let samples: [String: String] = [
        "--provider": "photos", "--limit": "5", "--timeout": "2500ms", "--format": "ndjson",
        "--config": "other.yaml", "--folder": "photos", "--license": "CC0-1.0,commercial",
        "--orientation": "landscape", "--min-width": "800", "--min-height": "600", "--taken-after": "2020-01-01",
        "--taken-before": "2024-06-30T12:00:00", "--near": "-33.87,151.21", "--within": "10km",
        "--download": "kept", "--size": "small", "--parallel": "3", "--per-host": "2",
        "--filename": "{provider}/{id}.{ext}",
    ]

    /// What ArgumentParser defines for `search`: each option's or flag's name, with whether it
    /// takes a value, which parsing, and whether it repeats.
    static func definedOptions() throws -> [String: String] {
        let data = Data(SearchCommand._dumpHelp().utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var defined: [String: String] = [:]
        for argument in arguments {
            let kind = try #require(argument["kind"] as? String)
            let names = (argument["names"] as? [[String: Any]] ?? []).map { name in
                (name["kind"] as? String == "short" ? "-" : "--") + (name["name"] as? String ?? "")
            }
            let strategy = argument["parsingStrategy"] as? String ?? ""
            let repeats = argument["isRepeating"] as? Bool == true ? 1 : 0
            for name in names where !["--help", "-h", "--version"].contains(name) {
                defined[name] = "\(kind) \(strategy) repeating: \(repeats)"
            }
        }
        return defined
    }

    /// The reader's options, described as ``definedOptions()`` describes ArgumentParser's.
    static func readOptions() -> [String: String] {
        var read: [String: String] = [:]
        for option in SearchFastParse.options {
            let kind =
                switch option.value {
                case .none: "flag default"
                case .next: "option default"
                case .unconditional: "option unconditional"
                }
            for name in option.names { read[name] = "\(kind) repeating: \(option.repeats ? 1 : 0)" }
        }
        return read
    }

    @Test("the reader knows exactly ArgumentParser's options, each taking its value the same way")
    func sameOptions() throws {
        let defined = try Self.definedOptions()
        #expect(Self.readOptions() == defined)
        // Every option with a value has a sample, so the next test covers it.
        for (name, description) in defined where description.hasPrefix("option") {
            #expect(Self.samples[name] != nil, "no sample value for \(name)")
        }
    }

    /// The search ArgumentParser reads from `arguments` (after `search`).
    static func parsedByArgumentParser(_ arguments: [String]) throws -> SearchRun {
        try #require(try Viewfinder.parseAsRoot(["search"] + arguments) as? SearchCommand).searchRun
    }

    static func parsedByHand(_ arguments: [String]) throws -> SearchRun {
        try #require(SearchFastParse.search(from: ["viewfinder", "search"] + arguments))
    }

    /// `search` as text, a field a line, to show where two differ.
    static func described(_ search: SearchRun) -> String {
        var text = ""
        dump(search, to: &text)
        return text
    }

    /// Each option in each form it is given in: `--name VALUE` and `--name=VALUE` after the
    /// query, `--name VALUE` before it; a flag alone; a repeating option twice.
    static func everyForm() throws -> [[String]] {
        var lines: [[String]] = [["harbor"], ["harbor", "crane", "fog"]]
        for (name, description) in try definedOptions().sorted(by: { $0.key < $1.key }) {
            guard let value = samples[name] else {
                lines += [["harbor", name], [name, "harbor"]]
                continue
            }
            lines += [["harbor", name, value], ["harbor", "\(name)=\(value)"], [name, value, "harbor", "fog"]]
            if description.hasSuffix("repeating: 1") { lines.append(["harbor", name, value, name, value]) }
        }
        lines += [
            ["harbor", "--no-sync"], ["harbor", "-v", "--open"], ["harbor", "--open", "--format", "html"],
            ["harbor", "--license", "CC-BY-4.0", "--license=modify"],
            ["harbor", "--limit", "1"],
            ["harbor", "--min-width", "+800"], ["ha rbor", "--near", "51.5,-0.12", "--within", "500m"],
            // Everything at once.
            ["harbor", "fog"]
                + samples.sorted(by: { $0.key < $1.key }).flatMap { [$0.key, $0.value] }
                + ["--verbose", "--explain", "--offline", "--no-archive", "--link", "--sync"],
        ]
        return lines
    }

    @Test("every option, in every form, gives the search ArgumentParser gives")
    func sameCommand() throws {
        for arguments in try Self.everyForm() {
            let byHand = try Self.parsedByHand(arguments)
            let byArgumentParser = try Self.parsedByArgumentParser(arguments)
            let differing = zip(
                Self.described(byHand).split(separator: "\n"), Self.described(byArgumentParser).split(separator: "\n")
            ).first { $0 != $1 }
            #expect(byHand == byArgumentParser, "\(arguments): \(differing.map { "\($0) against \($1)" } ?? "")")
        }
    }

    @Test(
        "wrong input is left to ArgumentParser, which refuses it as a usage error (64)",
        arguments: [
            ["harbor", "--bogus"], ["harbor", "--format", "xml"], ["harbor", "--format=xml"],
            ["harbor", "--size", "huge"],
            ["harbor", "--limit", "abc"], ["harbor", "--limit", "0"], ["harbor", "--limit=-1"],
            ["harbor", "--timeout", "soon"], ["harbor", "--open", "--format", "json"],
            ["harbor", "--no-cache", "--offline"], ["harbor", "--config"], ["harbor", "--config", "--offline"],
            ["harbor", "--verbose=yes"], ["harbor", "-vx"], ["harbor", "-x"], ["--", "--"],
            ["harbor", "--taken-after", "2024-01-01", "--taken-before", "2020-01-01"],
            ["harbor", "--orientation", "round"], ["harbor", "--parallel", "0"], ["harbor", "--filename", ""],
            ["harbor", "--within", "far"], [" "], ["--verbose"],
        ])
    func leftToArgumentParser(arguments: [String]) {
        #expect(SearchFastParse.search(from: ["viewfinder", "search"] + arguments) == nil)
        #expect {
            _ = try Viewfinder.parseAsRoot(["search"] + arguments)
        } throws: { error in
            Viewfinder.exitCode(for: error) == ExitCode.validationFailure
        }
    }

    @Test(
        "help, a repeated option and forms ArgumentParser decides are left to it",
        arguments: [
            ["harbor", "--help"], ["harbor", "-h"], ["harbor", "--limit", "5", "--limit", "6"],
            ["harbor", "--sync", "--no-sync"], ["harbor", "--verbose", "-v"], ["harbor", "--limit="],
            ["harbor", "-"], ["harbor", "--"], ["harbor", "--experimental-dump-help"],
        ])
    func otherFormsLeft(arguments: [String]) {
        #expect(SearchFastParse.search(from: ["viewfinder", "search"] + arguments) == nil)
    }

    @Test("only `search` is read by hand")
    func onlySearch() {
        #expect(SearchFastParse.search(from: ["viewfinder", "popular", "harbor"]) == nil)
        #expect(SearchFastParse.search(from: ["viewfinder", "download", "harbor"]) == nil)
        #expect(SearchFastParse.search(from: ["viewfinder", "search"]) == nil)
        #expect(SearchFastParse.search(from: ["viewfinder", "harbor", "search"]) == nil)
    }
}
