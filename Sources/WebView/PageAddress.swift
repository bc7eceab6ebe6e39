import ProviderKit

/// The filters a page's address may set (`/?q=fog&license=CC0-1.0`): only values the page's
/// controls can show, so none is dropped without a word when the page fills them in.
enum PageAddress {
    /// The licence choices of the page's filter: the groups, `public-domain` and `unknown`, then
    /// every catalogue id (the same words `--license` takes).
    static var licenseChoices: [String] {
        SearchFilters.LicenseGroup.allCases.map(\.rawValue) + ["public-domain", LicenseCatalog.unknown.id]
            + LicenseCatalog.all.map(\.id)
    }

    /// The shapes of the page's filter.
    static let orientations = ["landscape", "portrait", "square"]

    /// Why the page cannot be shown for `parameters`, naming the value and what is valid; `nil`
    /// when it can.
    static func problem(with parameters: QueryParameters) -> String? {
        if let problem = parameters.problem { return problem }
        if let license = parameters["license"], !license.isEmpty, !licenseChoices.contains(license) {
            return "the licence '\(license.prefix(80))' in the address is not one Viewfinder knows; "
                + "use one of: \(licenseChoices.joinedText(separator: ", "))"
        }
        if let shape = parameters["orientation"], !shape.isEmpty, !orientations.contains(shape) {
            return "the orientation '\(shape.prefix(80))' in the address is not one of: "
                + orientations.joinedText(separator: ", ")
        }
        if let width = parameters["min-width"], !width.isEmpty {
            var filters = SearchFilters()
            do throws(FilterValueError) {
                try filters.set(.minWidth, from: width)
            } catch {
                return "the address's \(error.description)"
            }
        }
        return nil
    }
}
