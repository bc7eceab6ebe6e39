import ProviderKit

/// Translates search filters into Pixabay's parameters.
///
/// `min_width` and `min_height` are the original's least pixel size, the size the provider maps
/// (`imageWidth`, `imageHeight`), so the minimum size is applied at the source. `orientation`
/// (horizontal, vertical) has no square and Pixabay does not say where square photos fall: a
/// pre-filter only, checked again afterwards.
enum PixabayFilters {
    /// What the provider applies at the source, exactly (in a search and in the popular feed alike).
    static let applied: SearchFilters.Capabilities = [.size]

    /// The query parameters for `filters`.
    static func parameters(for filters: SearchFilters) -> [(String, String)] {
        var items: [(String, String)] = []
        switch filters.orientation {
        case .landscape: items.append(("orientation", "horizontal"))
        case .portrait: items.append(("orientation", "vertical"))
        case .square, nil: break
        }
        if let minWidth = filters.minWidth { items.append(("min_width", String(minWidth))) }
        if let minHeight = filters.minHeight { items.append(("min_height", String(minHeight))) }
        return items
    }
}
