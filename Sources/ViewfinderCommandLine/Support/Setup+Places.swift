import ProviderKit

extension Setup {
    /// What turns `--near` and `search.filters.near` place names into positions.
    static var places: (any PlaceResolving)? { nil }
}
