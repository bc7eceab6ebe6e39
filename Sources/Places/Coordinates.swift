import Foundation
import ProviderKit

/// `LAT,LON` text for `--near`: two decimal numbers in degrees.
package enum Coordinates {
    /// The position `text` writes ("38.7223,-9.1393", spaces allowed), nil when it does not look
    /// like two numbers (then it is a place name), an error when they are out of range.
    package static func parse(_ text: String) throws(GazetteerError) -> GeoLocation? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let numbers = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard numbers.allSatisfy(looksNumeric) else { return nil }
        guard let latitude = Double(numbers[0]), let longitude = Double(numbers[1]), latitude.isFinite,
            longitude.isFinite
        else { throw .badCoordinates(text, reason: "the numbers do not read as decimal degrees") }
        guard (-90...90).contains(latitude) else {
            throw .badCoordinates(text, reason: "the latitude \(numbers[0]) is not between -90 and 90")
        }
        guard (-180...180).contains(longitude) else {
            throw .badCoordinates(text, reason: "the longitude \(numbers[1]) is not between -180 and 180")
        }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }

    /// Digits with at most a sign in front and dots among them: what a person writes for degrees.
    private static func looksNumeric(_ text: String) -> Bool {
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !body.isEmpty && body.contains { $0.isNumber }
            && body.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
    }
}
