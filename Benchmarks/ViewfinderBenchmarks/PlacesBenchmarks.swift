import Foundation
import Places
import ProviderKit
import ProviderTesting

extension SplitMix {
    /// A number in `range`, evenly spread.
    fileprivate mutating func number(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}

/// The gazetteer's figures: opening the file, a position's names (near towns, and anywhere on
/// Earth, mostly sea), a place's search text, and resolving a name for `--near`.
func runPlacesBenchmarks() {
    let path: String
    do {
        path = try Gazetteer.shared().path
    } catch {
        print("places: \(error)")
        return
    }
    var opens: [Double] = []
    var gazetteer: Gazetteer?
    for _ in 0..<21 {
        let start = clock.now
        gazetteer = try? Gazetteer(path: path)
        opens.append(milliseconds(clock.now - start))
    }
    guard let gazetteer else { return }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(
        String(
            format: "places: %d places, file %.2f MB; open (map + checksum) %.2f ms median of 21, first %.2f ms",
            gazetteer.placeCount, Double(size) / 1e6, median(opens), opens[0]))

    var generator = SplitMix(seed: 38)
    let count = 200_000
    // Positions within about 20 km of a random place (what photos are), and anywhere on Earth.
    let anchors = (0..<count).map { _ in
        Place(index: Int32(generator.next() % UInt64(gazetteer.placeCount)))
    }
    let nearTowns = anchors.map { place in
        let location = gazetteer.location(of: place)
        return GeoLocation(
            latitude: max(-90, min(90, location.latitude + generator.number(in: -0.18...0.18))),
            longitude: location.longitude + generator.number(in: -0.18...0.18))
    }
    let anywhere = (0..<count).map { _ in
        GeoLocation(
            latitude: asin(generator.number(in: -1...1)) * 180 / .pi,
            longitude: generator.number(in: -180...180))
    }
    for (label, positions) in [("near towns", nearTowns), ("anywhere (mostly sea)", anywhere)] {
        var found = 0
        let start = clock.now
        for position in positions where gazetteer.names(at: position) != nil { found += 1 }
        let perLookup = milliseconds(clock.now - start) * 1e3 / Double(count)
        print(
            String(
                format: "places: names(at:) %@: %.2f µs per position (%d of %d named)", label, perLookup, found, count))
    }
    var placeOnly = 0
    var start = clock.now
    for position in nearTowns where gazetteer.place(at: position) != nil { placeOnly += 1 }
    print(
        String(
            format: "places: nearest place only: %.2f µs per position",
            milliseconds(clock.now - start) * 1e3 / Double(count)))
    start = clock.now
    var characters = 0
    for position in nearTowns { characters += gazetteer.searchText(at: position)?.utf8.count ?? 0 }
    let firstText = milliseconds(clock.now - start) * 1e3 / Double(count)
    start = clock.now
    for position in nearTowns { characters += gazetteer.searchText(at: position)?.utf8.count ?? 0 }
    let cachedText = milliseconds(clock.now - start) * 1e3 / Double(count)
    print(String(format: "places: searchText(at:) %.2f µs first, %.2f µs cached, per position", firstText, cachedText))
    for name in ["Paris", "lisboa", "Lisbn"] {
        start = clock.now
        let resolution = gazetteer.resolve(name)
        let time = milliseconds(clock.now - start)
        let outcome: String
        switch resolution {
        case .matches(let found): outcome = "\(found.count) matches, first \(found[0].label)"
        case .noMatch(let suggestions): outcome = "no match, suggestions \(suggestions)"
        }
        print(String(format: "places: resolve(%@) %.1f ms: %@", name, time, outcome))
    }
}
