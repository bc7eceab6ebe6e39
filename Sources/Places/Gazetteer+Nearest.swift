import Foundation
import ProviderKit

extension Gazetteer {
    /// The nearest place to `location` within `kilometres` (great-circle), searched in the
    /// file's implicit k-d tree over unit vectors: the middle of each range splits it on axis
    /// x, y, z in turn. Unit vectors need no care at the antimeridian or the poles.
    func nearest(to location: GeoLocation, withinKilometres kilometres: Double) -> Int? {
        let latitude = location.latitude * .pi / 180
        let longitude = location.longitude * .pi / 180
        let target = (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        let chord = 2 * sin(min(kilometres / Self.earthRadiusKilometres, .pi) / 2)
        var search = NearestSearch(file: placesFile, target: target, bestDistance: chord * chord)
        search.visit(0, placesFile.placeCount, axis: 0)
        return search.best
    }
}

/// One nearest-place search: the branch-and-bound walk of the implicit k-d tree.
private struct NearestSearch {
    let file: PlacesFile
    let target: (Double, Double, Double)
    /// The squared chord to the best place so far (at first, the limit).
    var bestDistance: Double
    var best: Int?

    init(file: PlacesFile, target: (Double, Double, Double), bestDistance: Double) {
        self.file = file
        self.target = target
        self.bestDistance = bestDistance
    }

    mutating func visit(_ low: Int, _ high: Int, axis: Int) {
        guard low < high else { return }
        let middle = low + (high - low) / 2
        let x = file.point(middle, 0)
        let y = file.point(middle, 1)
        let z = file.point(middle, 2)
        let distance =
            (x - target.0) * (x - target.0) + (y - target.1) * (y - target.1) + (z - target.2) * (z - target.2)
        if distance < bestDistance {
            bestDistance = distance
            best = middle
        }
        let split = axis == 0 ? x : axis == 1 ? y : z
        let along = axis == 0 ? target.0 : axis == 1 ? target.1 : target.2
        let gap = along - split
        let next = axis == 2 ? 0 : axis + 1
        if gap < 0 {
            visit(low, middle, axis: next)
            if gap * gap < bestDistance { visit(middle + 1, high, axis: next) }
        } else {
            visit(middle + 1, high, axis: next)
            if gap * gap < bestDistance { visit(low, middle, axis: next) }
        }
    }
}
