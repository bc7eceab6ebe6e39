import ProviderKit
import Testing

@testable import Places

/// The build script folds names as ProviderKit's TextFolding does: else a stored form would never
/// match the words a person types.
@Suite struct PlacesFoldingTests {
    @Test("Swift folds every stored non-ASCII place name to the folded form stored beside it")
    func placeNames() throws {
        let gazetteer = try Gazetteer.shared()
        var checked = 0
        var differing: [String] = []
        for index in 0..<gazetteer.placeCount {
            let record = gazetteer.placeRecord(index)
            let stored = record.line(1)
            guard !stored.isEmpty else { continue }
            checked += 1
            let folded = TextFolding.words(record.line(0)).joined(separator: " ")
            if folded != stored { differing.append("\(record.line(0)): \(folded) ≠ \(stored)") }
        }
        #expect(checked > 30_000)
        #expect(differing.isEmpty, "\(differing.count) of \(checked): \(differing.prefix(20))")
    }

    @Test("an ASCII name's form is left out, and folding it is lower case split at punctuation")
    func asciiNames() throws {
        let gazetteer = try Gazetteer.shared()
        let newYork = try #require(
            gazetteer.place(at: GeoLocation(latitude: 40.7128, longitude: -74.0060)).map { Int($0.index) })
        #expect(gazetteer.placeRecord(newYork).line(1).isEmpty)
        #expect(gazetteer.foldedForms(ofPlace: newYork).first == "new york city")
    }

    @Test("regions' and countries' stored forms are Swift's folding of their names")
    func regionsAndCountries() throws {
        let gazetteer = try Gazetteer.shared()
        let file = gazetteer.placesFile
        var differing: [String] = []
        for region in 0..<file.regionCount {
            let record = gazetteer.record(.regionTexts, region)
            let forms = Set(record.lines(from: 2))
            for name in [record.line(0), record.line(1)] where !name.isEmpty {
                let folded = TextFolding.words(name).joined(separator: " ")
                if !forms.contains(folded) { differing.append("\(name): \(folded)") }
            }
        }
        for country in 0..<file.countryCount {
            let record = gazetteer.record(.countryTexts, country)
            let folded = TextFolding.words(record.line(0)).joined(separator: " ")
            if record.lines(from: 2).first != folded { differing.append("\(record.line(0)): \(folded)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }
}
