import ProviderKit

/// Translates search filters into Openverse's query parameters.
///
/// The orientation maps exactly onto `aspect_ratio` (tall, wide, square), so the provider declares
/// it applied. Licences only narrow the search: Openverse's `license` codes carry no version and
/// its `license_type` is its own reading, so the view-model still checks the licence afterwards;
/// what is sent never excludes a photo that would pass.
enum OpenverseFilters {
    /// What the provider applies at the source, exactly.
    static let applied: SearchFilters.Capabilities = [.orientation]

    /// The query parameters for `filters`, merged with the configured `license_type` option.
    static func parameters(for filters: SearchFilters, configuredLicenseType: String?) -> [(String, String)] {
        var items: [(String, String)] = []
        if let orientation = filters.orientation {
            let value =
                switch orientation {
                case .landscape: "wide"
                case .portrait: "tall"
                case .square: "square"
                }
            items.append(("aspect_ratio", value))
        }
        if let codes = licenseCodes(filters) { items.append(("license", codes.joinedText(separator: ","))) }
        var types = configuredLicenseType.map { $0.split(separator: ",").map(String.init) } ?? []
        if filters.licenseGroups.contains(.commercial), !types.contains("commercial") { types.append("commercial") }
        if filters.licenseGroups.contains(.modify), !types.contains("modification") { types.append("modification") }
        if !types.isEmpty { items.append(("license_type", types.joinedText(separator: ","))) }
        return items
    }

    /// Openverse licence codes that cover every licence the filters accept, or `nil` when they
    /// cannot be narrowed (an id Openverse has no code for).
    static func licenseCodes(_ filters: SearchFilters) -> [String]? {
        if !filters.licenses.isEmpty {
            var codes: [String] = []
            for id in filters.licenses.sorted() {
                guard let code = code(forID: id) else { return nil }
                if !codes.contains(code) { codes.append(code) }
            }
            return codes
        }
        return filters.licenseGroups.contains(.noAttribution) ? ["cc0", "pdm"] : nil
    }

    /// `CC-BY-SA-4.0` → `by-sa`, `CC0-1.0` → `cc0`, `PDM-1.0` → `pdm`; `nil` for any other id.
    static func code(forID id: String) -> String? {
        let upper = id.uppercased()
        if upper == "CC0-1.0" { return "cc0" }
        if upper == "PDM-1.0" { return "pdm" }
        guard SearchFilters.isKnownLicenseID(id), upper.hasPrefix("CC-") else { return nil }
        let parts = upper.split(separator: "-").dropFirst().dropLast()
        return parts.map { $0.lowercased() }.joinedText(separator: "-")
    }
}
