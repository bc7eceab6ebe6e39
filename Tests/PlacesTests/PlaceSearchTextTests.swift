import Places
import ProviderKit
import Testing

/// The words stored for a photo's place: every form of the place, its city, region and country,
/// folded as the search folds words, each once.
@Suite struct PlaceSearchTextTests {
    let gazetteer: Gazetteer

    init() throws { gazetteer = try Gazetteer.shared() }

    func words(_ latitude: Double, _ longitude: Double) throws -> Set<Substring> {
        let text = try #require(gazetteer.searchText(at: GeoLocation(latitude: latitude, longitude: longitude)))
        return Set(text.split(separator: " "))
    }

    @Test("a city is found by its English and local names, folded")
    func localAndEnglishForms() throws {
        let lisbon = try words(38.7223, -9.1393)
        #expect(lisbon.isSuperset(of: ["lisbon", "lisboa", "portugal"]))
        let munich = try words(48.1374, 11.5755)
        #expect(munich.isSuperset(of: ["munich", "munchen", "bavaria", "germany", "deutschland"]))
        #expect(!munich.contains("monaco"))  // multi-word alternates ("Monaco di Baviera") are left out
    }

    @Test("a suburb carries its city's names too")
    func suburbCarriesCity() throws {
        let almada = try words(38.6790, -9.1569)
        #expect(almada.isSuperset(of: ["almada", "lisbon", "lisboa", "setubal", "portugal"]))
    }

    @Test("a region is found with and without the word for its kind")
    func regionForms() throws {
        let popayan = try words(2.4448, -76.6147)
        #expect(popayan.isSuperset(of: ["popayan", "cauca", "department", "colombia"]))
    }

    @Test("countries by common names and short forms")
    func countryForms() throws {
        #expect(
            try words(40.7128, -74.0060).isSuperset(of: ["usa", "us", "united", "states", "america", "new", "york"]))
        #expect(
            try words(51.5074, -0.1278).isSuperset(of: ["uk", "britain", "united", "kingdom", "england", "london"]))
        #expect(try words(55.7558, 37.6173).isSuperset(of: ["russia", "moscow"]))
        #expect(try words(5.3600, -4.0083).isSuperset(of: ["ivory", "coast", "cote", "d", "ivoire"]))
        #expect(try words(25.2048, 55.2708).contains("uae"))
    }

    @Test("each word once, the text cached per place")
    func wordsOnce() throws {
        let location = GeoLocation(latitude: 38.7223, longitude: -9.1393)
        let text = try #require(gazetteer.searchText(at: location))
        let list = text.split(separator: " ")
        #expect(list.count == Set(list).count)
        #expect(gazetteer.searchText(at: location) == text)
    }
}
