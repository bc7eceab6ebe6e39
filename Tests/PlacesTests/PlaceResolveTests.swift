import Places
import ProviderKit
import Testing

/// `--near PLACE`: names resolved in any form, most populous first; a did-you-mean otherwise.
@Suite struct PlaceResolveTests {
    let gazetteer: Gazetteer

    init() throws { gazetteer = try Gazetteer.shared() }

    func matches(_ name: String) throws -> [PlaceMatch] {
        guard case .matches(let found) = gazetteer.resolve(name) else {
            Issue.record("\(name) matched nothing")
            return []
        }
        return found
    }

    @Test("Paris picks Paris, France, and lists the others, most populous first")
    func ambiguousName() throws {
        let paris = try matches("Paris")
        let first = try #require(paris.first)
        #expect(first.names.countryCode == "FR" && first.label == "Paris, Île-de-France, France")
        #expect(abs(first.location.latitude - 48.853) < 0.01 && abs(first.location.longitude - 2.349) < 0.01)
        #expect(paris.count > 3)
        #expect(paris.contains { $0.names.countryCode == "US" && $0.names.region == "Texas" })
        #expect(paris.map(\.population) == paris.map(\.population).sorted(by: >))
    }

    @Test("any form, folded: local, English, accents, case")
    func forms() throws {
        for name in ["lisboa", "Lisbon", "LISBOA"] {
            #expect(try matches(name).first?.names.name == "Lisbon")
        }
        for name in ["münchen", "Munchen", "munich", "Muenchen"] {
            #expect(try matches(name).first?.names.name == "Munich")
        }
        #expect(try matches("new york city").first?.names.countryCode == "US")
        #expect(try matches("Popayán").first?.names.region == "Cauca")
    }

    @Test("a comma narrows by region or country")
    func narrowed() throws {
        #expect(try matches("Paris, Texas").allSatisfy { $0.names.region == "Texas" })
        #expect(try matches("Paris, usa").allSatisfy { $0.names.countryCode == "US" })
        #expect(try matches("Portland, Oregon").first?.names.region == "Oregon")
    }

    @Test("a misspelt name gives suggestions; nonsense gives none")
    func didYouMean() {
        guard case .noMatch(let suggestions) = gazetteer.resolve("Lisbn") else {
            Issue.record("Lisbn matched")
            return
        }
        #expect(suggestions.first == "Lisbon")
        #expect(suggestions.count <= 3)
        #expect(gazetteer.resolve("qqxxzzqqxxzz") == .noMatch(suggestions: []))
        #expect(gazetteer.resolve(" , ") == .noMatch(suggestions: []))
    }
}
