import Foundation
import ProviderKit
import Testing

@testable import ExecProvider

/// The filters in the request line, and a plugin's `filters_applied` declaration.
@Suite("exec plugin filters")
struct PluginFilterTests {
    @Test("the request carries only the filters that are set, under `filters`, with dates in ISO 8601")
    func requestFilters() throws {
        let filters = SearchFilters(
            licenses: ["CC0-1.0", "CC-BY-4.0"], licenseGroups: [.commercial], orientation: .landscape, minWidth: 3000,
            takenAfter: SearchFilters.date(from: "2020-01-01"))
        let line = try PluginProtocol.requestLine(
            for: SearchRequest(.search("fog"), limit: 5, filters: filters), options: [:])
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"filters":{"license":["CC-BY-4.0","CC0-1.0"],"license_groups":["commercial"],"min_width":3000,"orientation":"landscape","taken_after":"2020-01-01T00:00:00Z"},"limit":5,"operation":"search","options":{},"protocol":1,"query":"fog"}"#
                + "\n")
        var near = SearchFilters(near: .init(center: GeoLocation(latitude: 38.72, longitude: -9.14), name: "Lisbon"))
        near.within = 5
        let placed = try PluginProtocol.requestLine(
            for: SearchRequest(.search("fog"), limit: 5, filters: near), options: [:])
        #expect(
            String(decoding: placed, as: UTF8.self).hasPrefix(
                #"{"filters":{"near":{"latitude":38.72,"longitude":-9.14,"within_km":5}},"#))
        let plain = try PluginProtocol.requestLine(for: SearchRequest(.search("fog"), limit: 5), options: [:])
        #expect(!String(decoding: plain, as: UTF8.self).contains("filters"))
    }

    @Test("a filters_applied line names the kinds the program applied; bad ones are errors naming the line")
    func declarations() throws {
        func parse(_ text: String) throws(ExecError) -> PluginProtocol.Line {
            try PluginProtocol.parse(Data(text.utf8), number: 1, provider: "p")
        }
        #expect(try parse(#"{"filters_applied": ["license", "taken"]}"#) == .filtersApplied([.license, .takenDate]))
        #expect(try parse(#"{"filters_applied": []}"#) == .filtersApplied([]))
        #expect(throws: ExecError.badFiltersApplied(line: 1, detail: "is not a list of names")) {
            try parse(#"{"filters_applied": "license"}"#)
        }
        #expect(throws: ExecError.badFiltersApplied(line: 1, detail: "names an unknown filter 'colour'")) {
            try parse(#"{"filters_applied": ["colour"]}"#)
        }
        let message = ExecError.badFiltersApplied(line: 3, detail: "comes after a photo").description
        #expect(message.contains("list some of: license, orientation, size, taken, near"))
    }

    @Test("a declaration after a photo fails the run after the photos before it")
    func lateDeclaration() {
        var progress = RunProgress(
            provider: ExecProvider(name: "p", command: ["x"], environment: [:], options: [:]), limit: 10)
        let photos = progress.take(
            Data((#"{"photo":{"id":"1"}}"# + "\n" + #"{"filters_applied":["size"]}"# + "\n").utf8))
        #expect(photos.map(\.id) == ["1"])
        #expect(progress.finished)
        #expect(progress.takeDeclaration() == nil)
        let failure = progress.takeFailure()
        #expect(String(describing: failure).contains("output line 2 has a `filters_applied` that comes after a photo"))
    }
}
