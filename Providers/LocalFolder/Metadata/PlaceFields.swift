import ProviderKit

/// The place a file names in its own location fields: IPTC Sub-location, City, Province-State,
/// Country-PrimaryLocationCode and Country-PrimaryLocationName, and XMP's
/// Iptc4xmpCore:Location, photoshop:City, photoshop:State, photoshop:Country and
/// Iptc4xmpCore:CountryCode.
///
/// Read as the Metadata Working Group's guidance (and exiftool's MWG tags) has it, field by
/// field: XMP's value where XMP has one, else IPTC's. (The guidance prefers IPTC when a stored
/// IPTC digest shows the IPTC was edited after the XMP; that digest is not checked here.)
enum PlaceFields {
    /// One place name: control characters turned into spaces, runs of white space into one,
    /// white space around it removed, cut as other text is (``MetadataText/maximumBytes``);
    /// `nil` when nothing is left.
    static func clean(_ text: String?) -> String? {
        guard let text = MetadataText.clean(text) else { return nil }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return result.isEmpty ? nil : String(result)
    }

    /// Puts the parts `found` has into `place`: over what is there when `overriding` (XMP), else
    /// only where `place` has none (IPTC).
    static func merge(_ found: PlaceNames, into place: inout PlaceNames?, overriding: Bool) {
        guard !found.isEmpty else { return }
        var merged = place ?? PlaceNames()
        func take(_ part: WritableKeyPath<PlaceNames, String?>) {
            guard let value = found[keyPath: part] else { return }
            if overriding || merged[keyPath: part] == nil { merged[keyPath: part] = value }
        }
        take(\.name)
        take(\.city)
        take(\.region)
        take(\.country)
        take(\.countryCode)
        place = merged
    }
}

extension XMPReader {
    /// The XMP location fields, over what IPTC gave.
    static func readPlace(_ packet: XMPPacket, into metadata: inout ImageMetadata) {
        let found = PlaceNames(
            name: packet.property(.location).flatMap(PlaceFields.clean),
            city: packet.property(.city).flatMap(PlaceFields.clean),
            region: packet.property(.state).flatMap(PlaceFields.clean),
            country: packet.property(.country).flatMap(PlaceFields.clean),
            countryCode: packet.property(.countryCode).flatMap(PlaceFields.clean))
        PlaceFields.merge(found, into: &metadata.place, overriding: true)
    }
}
