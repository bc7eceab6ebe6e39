import ProviderKit

/// Translates search filters into Pexels' search parameters, as pre-filters only.
///
/// Pexels documents `orientation` (landscape, portrait, square) without saying where square ends,
/// and `size` as minimum megapixels (large 24 MP, medium 12 MP, small 4 MP), not width and height.
/// Both only narrow the search; the view-model checks orientation and size on the photos' own
/// sizes, so the provider declares neither applied.
enum PexelsFilters {
    /// Pexels' `size` values with the fewest pixels each guarantees, largest first.
    static let sizeFloors: [(name: String, pixels: Int)] = [
        ("large", 24_000_000), ("medium", 12_000_000), ("small", 4_000_000),
    ]

    /// The query parameters for `filters` in a search.
    static func parameters(for filters: SearchFilters) -> [(String, String)] {
        var items: [(String, String)] = []
        if let orientation = filters.orientation { items.append(("orientation", orientation.rawValue)) }
        if let size = size(for: filters) { items.append(("size", size)) }
        return items
    }

    /// The largest `size` that excludes only photos the minimum width and height would reject:
    /// safe only when both are set and their product reaches the size's floor; `nil` otherwise.
    static func size(for filters: SearchFilters) -> String? {
        guard let width = filters.minWidth, let height = filters.minHeight else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let least = overflow ? Int.max : pixels
        return sizeFloors.first { least >= $0.pixels }?.name
    }
}
