import Places
import ProviderKit

extension Setup {
    /// What turns `--near` and `search.filters.near` place names into positions: the shipped
    /// gazetteer (``GazetteerPlaces``).
    static var places: (any PlaceResolving)? { GazetteerPlaces() }
}

/// Place names for `--near`, from the offline gazetteer: the most populous place of the name,
/// the others kept for `--verbose`; a name nothing matches is an error with a did-you-mean.
struct GazetteerPlaces: PlaceResolving {
    func resolvePlace(_ name: String) throws(FilterValueError) -> SearchFilters.Near {
        let gazetteer: Gazetteer
        do {
            gazetteer = try Gazetteer.shared()
        } catch {
            throw FilterValueError(
                key: "near", value: name, problem: "a place name, and place names cannot be read: \(error)")
        }
        switch gazetteer.resolve(name) {
        case .matches(let found):
            let best = found[0]
            return SearchFilters.Near(
                center: best.location, name: best.label, alternatives: found.dropFirst().prefix(5).map(\.label))
        case .noMatch(let suggestions):
            // A name no place has is said back, but not at any length.
            let name = name.count > 80 ? name.prefix(80) + "…" : name
            let hint =
                suggestions.isEmpty
                ? "" : " (did you mean \(suggestions.map { "'\($0)'" }.joinedText(separator: ", "))?)"
            throw FilterValueError(
                key: "near", value: name,
                problem: "not a place Viewfinder knows\(hint); give a city, region or country name, or LAT,LON")
        }
    }
}
