import Places
import ProviderKit
import Testing

/// Names of known positions, by the rules: the nearest place within 50 km, the city it
/// belongs to (100,000+ people within 15 km), its region and country; nothing in the open sea.
@Suite struct GazetteerNamesTests {
    let gazetteer: Gazetteer

    init() throws { gazetteer = try Gazetteer.shared() }

    func names(_ latitude: Double, _ longitude: Double) -> PlaceNames? {
        gazetteer.names(at: GeoLocation(latitude: latitude, longitude: longitude))
    }

    @Test("a city centre is the city, with its region, country and code")
    func cityCentres() throws {
        let munich = try #require(names(48.1374, 11.5755))
        #expect(munich == PlaceNames(name: "Munich", region: "Bavaria", country: "Germany", countryCode: "DE"))
        let tokyo = try #require(names(35.6895, 139.6917))
        #expect(tokyo.name == "Tokyo" && tokyo.city == nil && tokyo.country == "Japan" && tokyo.countryCode == "JP")
        let newYork = try #require(names(40.7128, -74.0060))
        #expect((newYork.city ?? newYork.name) == "New York City")
        #expect(newYork.region == "New York" && newYork.country == "United States")
        // Lisbon's centre is nearest to one of its quarters, which belongs to the city.
        let lisbon = try #require(names(38.7223, -9.1393))
        #expect(lisbon.city == "Lisbon" && lisbon.region == "Lisbon" && lisbon.country == "Portugal")
    }

    @Test("a suburb is found by its city's name, and keeps its own name and region")
    func suburbs() throws {
        let almada = try #require(names(38.6790, -9.1569))
        #expect(
            almada
                == PlaceNames(name: "Almada", city: "Lisbon", region: "Setúbal", country: "Portugal", countryCode: "PT")
        )
        let amadora = try #require(names(38.7538, -9.2308))
        #expect(amadora.name == "Amadora" && amadora.city == "Lisbon")
        let unterhaching = try #require(names(48.0658, 11.6155))
        #expect(
            unterhaching.name == "Unterhaching" && unterhaching.city == "Munich" && unterhaching.region == "Bavaria")
        // Dachau, 17 km from Munich's centre, is a town of its own.
        let dachau = try #require(names(48.2600, 11.4342))
        #expect(dachau.name == "Dachau" && dachau.city == nil)
    }

    @Test("a coast keeps its town; a little out to sea, the nearest town within 50 km")
    func coasts() throws {
        #expect(names(38.69, -9.42)?.name == "Cascais")
        #expect(names(39.60, -9.08)?.name == "Nazaré")
        #expect(names(38.65, -9.60)?.country == "Portugal")  // 15 km off Cabo da Roca
    }

    @Test("regions are named without the word for their kind")
    func regions() throws {
        let popayan = try #require(names(2.4448, -76.6147))
        #expect(popayan.name == "Popayán" && popayan.region == "Cauca" && popayan.country == "Colombia")
        #expect(names(48.8566, 2.3522)?.region == "Île-de-France")
        #expect(names(48.8566, 2.3522)?.city == "Paris")
    }

    @Test("across the antimeridian the nearest place is found on the other side; open sea there has none")
    func antimeridian() throws {
        // Beringovskiy (Chukotka) lies at 179.35° E; 43 km east of it is −179.8°.
        #expect(names(63.06, -179.8)?.name == "Beringovskiy")
        #expect(names(63.06, 180)?.name == "Beringovskiy")
        #expect(names(-16.45, 179.7)?.name == "Labasa")
        // Between Fiji and Tonga, and at Kiribati's longitudes, open sea.
        #expect(names(-17.5, 179.9) == nil)
        #expect(names(-17.5, -179.9) == nil)
        #expect(names(1.33, 172.98)?.country == "Kiribati")
    }

    @Test("the poles, (0,0) and the open ocean have no place, not a town 1,000 km away")
    func noPlace() {
        #expect(names(90, 0) == nil)
        #expect(names(-90, 0) == nil)
        #expect(names(0, 0) == nil)
        #expect(names(30, -40) == nil)  // mid-Atlantic: the Azores are 1,300 km away
        #expect(names(-45, -120) == nil)  // South Pacific
    }

    @Test("positions that are not numbers or not on Earth have no place")
    func impossiblePositions() {
        #expect(names(.nan, 0) == nil)
        #expect(names(0, .infinity) == nil)
        #expect(names(91, 0) == nil)
    }
}
