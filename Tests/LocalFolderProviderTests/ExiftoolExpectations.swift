import Foundation
import LocalFolderProvider
import ProviderKit
import Testing

/// The fields `inspect` reports that exiftool also reads (`exiftool -j -n`): size as displayed,
/// orientation, camera and GPS, compared one by one.
enum ExiftoolExpectations {
    /// Expects `read` to agree with exiftool's reading `expected` of the same file.
    static func expectCameraFields(
        _ read: ImageMetadata, _ expected: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let orientation = expected["Orientation"] as? Int
        let rotated = orientation.map { (5...8).contains($0) } ?? false
        #expect(read.width == expected[rotated ? "ImageHeight" : "ImageWidth"] as? Int, sourceLocation: sourceLocation)
        #expect(read.height == expected[rotated ? "ImageWidth" : "ImageHeight"] as? Int, sourceLocation: sourceLocation)
        #expect(read.orientation == orientation, sourceLocation: sourceLocation)
        #expect(read.cameraMake == expected["Make"] as? String, sourceLocation: sourceLocation)
        #expect(read.cameraModel == expected["Model"] as? String, sourceLocation: sourceLocation)
        let micro = { (value: Double?) in value.map { ($0 * 1e6).rounded() } }
        #expect(micro(read.latitude) == micro(expected["GPSLatitude"] as? Double), sourceLocation: sourceLocation)
        #expect(micro(read.longitude) == micro(expected["GPSLongitude"] as? Double), sourceLocation: sourceLocation)
    }

    /// exiftool's date taken as Viewfinder shows it: its DateTimeOriginal, else its MWG reading
    /// (which adds XMP photoshop:DateCreated alone); fractions of a second dropped; a date
    /// without a time (`2014`, `2016:02:29`) is none.
    static func dateTaken(_ expected: [String: Any]) -> String? {
        let texts = [expected["DateTimeOriginal"], expected["MWG:DateTimeOriginal"]].compactMap { $0 as? String }
        guard let text = texts.first(where: { $0.count >= 19 }) else { return nil }
        var offset = String(text.dropFirst(19).drop { $0 == "." || $0.isNumber })
        if offset.isEmpty { offset = expected["OffsetTimeOriginal"] as? String ?? "" }
        if offset == "Z" || offset == "+00:00" { offset = "Z" }
        let day = text.prefix(10).replacingOccurrences(of: ":", with: "-")
        return day + "T" + text.dropFirst(11).prefix(8) + offset
    }

    /// exiftool's MWG reading of the place (XMP over IPTC), and the country code (XMP's, else
    /// IPTC's), without the padding around each name.
    static func place(_ expected: [String: Any]) -> PlaceNames? {
        func text(_ key: String) -> String? {
            (expected[key] as? String)?.trimmingCharacters(in: .whitespaces).nonEmpty
        }
        let place = PlaceNames(
            name: text("MWG:Location"), city: text("MWG:City"), region: text("MWG:State"),
            country: text("MWG:Country"), countryCode: text("CountryCode") ?? text("Country-PrimaryLocationCode"))
        return place.isEmpty ? nil : place
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
