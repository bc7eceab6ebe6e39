import Foundation

extension SearchFilters {
    /// The instant an ISO date names: `YYYY-MM-DD` (midnight) or `YYYY-MM-DDTHH:MM:SS`, which
    /// without a zone compare with a photo's local time (see ``DateTime/orderingDate``), or with
    /// a zone (`Z`, `+02:00`); `nil` when `text` is none of these or out of range.
    package static func date(from text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let digitsAndDashes = text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
        if text.count == 10, digitsAndDashes {
            return DateTime.parse(text + "T00:00:00")?.orderingDate
        }
        guard text.count >= 19, text.count <= 40, text.contains("T") else { return nil }
        return DateTime.parse(text)?.orderingDate
    }

    /// The licence ids of the vocabulary every provider maps into (``LicenseCatalog/all``), for
    /// checking and did-you-mean.
    package static var namedLicenseIDs: [String] { LicenseCatalog.all.map(\.id) }

    /// Whether `id` is a licence id of the catalogue, in any letter case.
    package static func isKnownLicenseID(_ id: String) -> Bool {
        LicenseCatalog.all.contains { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// Adds the comma-separated ids and groups in `text` (`CC-BY-2.0,commercial`), or says what is
    /// wrong with the first bad one.
    package mutating func addLicenses(_ text: String) throws(FilterValueError) {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw FilterValueError(key: "license", value: text, problem: "an empty licence id")
        }
        for item in items {
            if let group = LicenseGroup(rawValue: item.lowercased()) {
                licenseGroups.insert(group)
            } else if let ids = LicenseSuggestion.idGroups[LicenseSuggestion.hyphenated(item)] {
                licenses.formUnion(ids)  // `public-domain`: any of CC0, PDM, no known copyright, US government work
            } else if item.lowercased() == LicenseCatalog.unknown.id {
                licenses.insert(LicenseCatalog.unknown.id)  // photos whose licence is not known
            } else if Self.isKnownLicenseID(item) {
                licenses.insert(item)
            } else if let known = LicenseCatalog.license(named: item), known.id != LicenseCatalog.unknown.id {
                licenses.insert(known.id)  // a name as people write it: `cc0`, `CC BY 4.0`
            } else {
                let hint = LicenseSuggestion.nearest(to: item).map { " (did you mean '\($0)'?)" } ?? ""
                throw FilterValueError(
                    key: "license", value: item,
                    problem:
                        "an unknown licence\(hint); use a licence id (CC0-1.0, CC-BY-4.0, PDM-1.0, …, unknown) or a group: commercial, modify, no-attribution, public-domain"
                )
            }
        }
    }
}

/// A filter value that cannot be used: which key, the value, and what is wrong with it.
package struct FilterValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option or YAML key without dashes (`license`, `min-width`).
    package var key: String
    /// The value as given.
    package var value: String
    /// What is wrong, and what to write instead.
    package var problem: String

    /// Creates the error.
    package init(key: String, value: String, problem: String) {
        self.key = key
        self.value = value
        self.problem = problem
    }

    package var description: String { "\(key) '\(value)' is \(problem)" }
}

extension SearchFilters {
    /// A filter as options and configuration keys name it.
    package enum Key: String, Sendable, CaseIterable {
        case license, orientation
        case minWidth = "min-width"
        case minHeight = "min-height"
        case takenAfter = "taken-after"
        case takenBefore = "taken-before"
        case near, within

        /// The key as the configuration file spells it (`min_width`).
        package var configurationName: String { rawValue.replacingOccurrences(of: "-", with: "_") }
    }

    /// The largest minimum width or height accepted, in pixels.
    package static let maximumPixels = 1_000_000

    /// Sets the filter `key` from `text` as a user wrote it, or says what is wrong with it;
    /// `license` adds to the ids and groups already set. `near` takes `LAT,LON`, or a place name
    /// that `places` knows.
    package mutating func set(
        _ key: Key, from text: String, places: (any PlaceResolving)? = nil
    ) throws(FilterValueError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch key {
        case .near:
            if let center = try Self.coordinates(from: trimmed) {
                near = Near(center: center, name: trimmed)
            } else if let places {
                near = try places.resolvePlace(trimmed)
            } else {
                throw FilterValueError(
                    key: key.rawValue, value: text,
                    problem: "not LAT,LON (decimal degrees, e.g. 38.71,-9.14), and place names are not available here")
            }
        case .within:
            guard let distance = Self.kilometres(from: trimmed) else {
                throw FilterValueError(
                    key: key.rawValue, value: text,
                    problem: "not a distance from 10 m to 20000 km; write e.g. 25km, 500m or 10mi")
            }
            within = distance
        case .license:
            try addLicenses(trimmed)
        case .orientation:
            guard let value = Orientation(rawValue: trimmed.lowercased()) else {
                throw FilterValueError(key: key.rawValue, value: text, problem: "not landscape, portrait or square")
            }
            orientation = value
        case .minWidth, .minHeight:
            guard let value = Int(trimmed), (1...Self.maximumPixels).contains(value) else {
                throw FilterValueError(
                    key: key.rawValue, value: text,
                    problem: "not a whole number of pixels from 1 to \(Self.maximumPixels)")
            }
            if key == .minWidth { minWidth = value } else { minHeight = value }
        case .takenAfter, .takenBefore:
            guard let date = Self.date(from: trimmed) else {
                throw FilterValueError(
                    key: key.rawValue, value: text,
                    problem: "not an ISO date; write YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or with a zone (…Z, …+02:00)")
            }
            if key == .takenAfter { takenAfter = date } else { takenBefore = date }
        }
        if let takenAfter, let takenBefore, takenAfter >= takenBefore {
            throw FilterValueError(
                key: key.rawValue, value: text,
                problem: "a date that leaves no time: taken-after must be before taken-before")
        }
    }
}

extension SearchFilters {
    /// `LAT,LON` in decimal degrees (`38.71,-9.14`, spaces allowed); `nil` when the text is not two
    /// numbers (then it is a place name), the problem when they are numbers but not a position.
    package static func coordinates(from text: String) throws(FilterValueError) -> GeoLocation? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts.allSatisfy(looksLikeDegrees) else { return nil }
        func notAPosition(_ reason: String) -> FilterValueError {
            FilterValueError(
                key: Key.near.rawValue, value: text,
                problem: "not a position: \(reason); write LAT,LON in decimal degrees, e.g. 38.71,-9.14")
        }
        guard let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            throw notAPosition("the numbers do not read as decimal degrees")
        }
        guard abs(latitude) <= 90 else { throw notAPosition("the latitude \(parts[0]) is not between -90 and 90") }
        guard abs(longitude) <= 180 else {
            throw notAPosition("the longitude \(parts[1]) is not between -180 and 180")
        }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }

    /// Digits with at most a sign in front and dots among them: what a person writes for degrees.
    private static func looksLikeDegrees(_ text: String) -> Bool {
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return body.contains { ("0"..."9").contains($0) } && body.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
    }

    /// A distance as people write it (`25km`, `25 km`, `500m`, `10mi`; a bare number is
    /// kilometres) in kilometres, from 10 m to 20,000 km (half the Earth's circumference).
    package static func kilometres(from text: String) -> Double? {
        let lowered = text.lowercased().replacingOccurrences(of: " ", with: "")
        let units: [(String, Double)] = [("km", 1), ("mi", 1.609_344), ("m", 0.001)]
        var number = Substring(lowered)
        var scale = 1.0
        if let (suffix, factor) = units.first(where: { lowered.hasSuffix($0.0) }) {
            number = number.dropLast(suffix.count)
            scale = factor
        }
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number) else {
            return nil
        }
        let kilometres = value * scale
        return (0.01...20_000).contains(kilometres) ? kilometres : nil
    }
}

/// Turns a place name into a position for `--near`: the offline gazetteer, where the program
/// has one (the command line gives it to the configuration loader and its own options).
package protocol PlaceResolving: Sendable {
    /// The place `name` means (the most populous when several match, the others listed in
    /// ``SearchFilters/Near/alternatives``), or an error that says what is wrong, with a
    /// did-you-mean when a name is close.
    func resolvePlace(_ name: String) throws(FilterValueError) -> SearchFilters.Near
}
