import Foundation
import Testing

/// The results table fits the terminal, measured in columns as a terminal draws them.
@Suite("table widths on real terminals", .serialized)
struct TableWidthCommandLineTests {
    /// A plugin whose photos have CJK, emoji, combining marks and zero-width characters in
    /// their titles and authors, under an instance name of 37 characters.
    static let plugin = #"""
        #!/bin/sh
        printf '%s\n' '{"photo":{"id":"1","title":"\u6e2f\u306e\u706f\u53f0 \u5915\u66ae\u308c harbour at dusk","author":"\u5c71\u7530\u592a\u90ce","license":"CC BY 4.0","page_url":"https://example.org/1"}}'
        printf '%s\n' '{"photo":{"id":"2","title":"Boats \ud83d\udea4\ud83c\udf05 and gulls \ud83d\udc26 at the pier","author":"Ann","page_url":"https://example.org/2"}}'
        printf '%s\n' '{"photo":{"id":"3","title":"Cafe\u0301 cre\u0300me bru\u0302le\u0301e by the water","author":"Zo\u00eb","page_url":"https://example.org/3"}}'
        printf '%s\n' '{"photo":{"id":"4","title":"in\u200bvisible\u2060joins\ufeff here","author":"B\u200bob","page_url":"https://example.org/4"}}'
        """#

    static let longName = "a-very-long-instance-name-for-testing"

    func workspace() throws -> Workspace {
        let workspace = try Workspace(
            config: "providers:\n  \(Self.longName):\n    type: exec\n    command: [./wide.sh]\n")
        let script = workspace.url.appendingPathComponent("wide.sh")
        try ExecutableScript.write(Self.plugin, to: script)
        return workspace
    }

    /// Columns a terminal gives the characters this test uses: CJK and emoji two, combining
    /// marks none, the rest one.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x300...0x36F: total
            case 0x3000...0x9FFF, 0x1F300...0x1FAFF: total + 2
            default: total + 1
            }
        }
    }

    @Test("every row fits the width at 120, 80, 40 and 20 columns, even with wide characters and long names")
    func rowsFit() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        for width in [120, 80, 40, 20] {
            let output = try await workspace.run(["search", "harbour"], environment: ["COLUMNS": "\(width)"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let lines = output.stdout.split(separator: "\n")
            #expect(lines.count == 5, "a header and four photos at \(width): \(lines)")
            for line in lines {
                #expect(Self.columns(line) <= width, "\(Self.columns(line)) columns at \(width): \(line)")
            }
        }
    }

    @Test("wide characters are padded by their columns, so the columns after them line up")
    func columnsLineUp() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbour"], environment: ["COLUMNS": "200"])
        let lines = output.stdout.split(separator: "\n")
        // "By" starts at the same column on every line: the header's and each row's.
        let header = try #require(lines.first)
        let byColumn = Self.columns(try #require(header.range(of: "By").map { header[..<$0.lowerBound] }))
        for (line, author) in zip(lines.dropFirst(), ["山田太郎", "Ann", "Zoë", "Bob"]) {
            let start = try #require(line.range(of: author), "\(author) in \(line)")
            #expect(Self.columns(line[..<start.lowerBound]) == byColumn, "\(line)")
        }
    }

    @Test("zero-width characters never reach the terminal")
    func noZeroWidth() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let output = try await workspace.run(["search", "harbour"], environment: ["COLUMNS": "200"])
        #expect(output.stdout.contains("invisiblejoins here"), "\(output.stdout)")
        for invisible: Unicode.Scalar in ["\u{200B}", "\u{2060}", "\u{FEFF}"] {
            #expect(!output.stdout.unicodeScalars.contains(invisible))
        }
    }

    @Test("a COLUMNS of 20 or less is used, with a minimal table of rank and title")
    func narrowColumns() async throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        for width in [20, 12, 5] {
            let output = try await workspace.run(["search", "harbour"], environment: ["COLUMNS": "\(width)"])
            let lines = output.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("#") == true, "\(lines)")
            #expect(lines.allSatisfy { Self.columns($0) <= width }, "at \(width): \(lines)")
        }
    }
}
