import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import Places

/// The k-d tree search finds what comparing every place would, near towns, at the antimeridian
/// and near the poles; places not in the file have no names rather than a crash.
@Suite struct NearestPlaceTests {
    let gazetteer: Gazetteer

    init() throws { gazetteer = try Gazetteer.shared() }

    /// The nearest place within `kilometres` by looking at every place.
    func bruteForce(_ location: GeoLocation, kilometres: Double) -> Int? {
        let latitude = location.latitude * .pi / 180
        let longitude = location.longitude * .pi / 180
        let target = [cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude)]
        let chord = 2 * sin(kilometres / Gazetteer.earthRadiusKilometres / 2)
        var best: Int?
        var bestDistance = chord * chord
        let file = gazetteer.placesFile
        for index in 0..<file.placeCount {
            let (x, y, z) = (
                file.point(index, 0) - target[0], file.point(index, 1) - target[1], file.point(index, 2) - target[2]
            )
            let distance = x * x + y * y + z * z
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    @Test("the tree search agrees with comparing every place")
    func agreesWithBruteForce() {
        var positions = [
            (63.06, -179.8), (63.06, 179.99), (-16.45, 179.7), (78.2, 15.6), (-77.8, 166.7), (89.9, 0),
            (38.7223, -9.1393), (48.1374, 11.5755), (0, 0), (35.6895, 139.6917), (-33.87, 151.21),
        ].map { GeoLocation(latitude: $0.0, longitude: $0.1) }
        var generator = SplitMix(seed: 38)
        func random() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
        for _ in 0..<12 {
            let place = Place(index: Int32(random() * Double(gazetteer.placeCount)))
            let location = gazetteer.location(of: place)
            positions.append(
                GeoLocation(
                    latitude: max(-90, min(90, location.latitude + random() - 0.5)),
                    longitude: location.longitude + random() - 0.5))
        }
        for position in positions {
            for kilometres in [50.0, 500] {
                #expect(
                    gazetteer.nearest(to: position, withinKilometres: kilometres)
                        == bruteForce(position, kilometres: kilometres), "\(position) within \(kilometres) km")
            }
        }
    }

    @Test("a place index not in the file has no names, no text, and does not crash")
    func foreignPlace() {
        for index in [Int32(-1), Int32(gazetteer.placeCount), Int32.max] {
            let place = Place(index: index)
            #expect(gazetteer.names(of: place).name == nil)
            #expect(gazetteer.searchText(of: place) == "")
            #expect(gazetteer.population(of: place) == 0)
        }
    }
}
