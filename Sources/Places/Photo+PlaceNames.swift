import Foundation
import ProviderKit

extension Gazetteer {
    /// The gazetteer searches use: the shipped one, or `nil` when it cannot be opened (a broken
    /// install: photos then have no computed place names, and `--near` names say why) or when
    /// `VIEWFINDER_PLACES=off` (the benchmark's switch, to measure what the lookup costs).
    package static var forSearch: Gazetteer? { searchGazetteer }

    private static let searchGazetteer: Gazetteer? =
        ProcessEnvironment.value("VIEWFINDER_PLACES") == "off" ? nil : try? shared()
}

extension Photo {
    /// The photo with place names computed from its position when it has a position and no
    /// names of its own (a source's own place fields win). The gazetteer is only asked for (and
    /// opened, the first time) when there is a position to name.
    package func namingPlace(with gazetteer: @autoclosure () -> Gazetteer? = Gazetteer.forSearch) -> Photo {
        guard place?.isEmpty ?? true, let location, let names = gazetteer()?.names(at: location) else {
            return self
        }
        var named = self
        named.place = names
        return named
    }
}
