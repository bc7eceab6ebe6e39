import Foundation
import ProviderKit

/// What Viewfinder reads from an image file's headers and metadata segments.
///
/// Values the file does not hold (or holds only as blanks and padding) are `nil` or empty.
package struct ImageMetadata: Sendable, Equatable {
    /// The file format: `jpeg`, `png`, `gif`, `tiff`, `webp`, `heic`, …
    package var format: String
    /// Width as displayed, after orientation.
    package var width: Int?
    /// Height as displayed, after orientation.
    package var height: Int?
    /// EXIF orientation, 1–8.
    package var orientation: Int?
    /// DateTimeOriginal, with its offset when the file records one (otherwise a local time).
    package var takenAt: DateTime?
    /// Camera maker.
    package var cameraMake: String?
    /// Camera model.
    package var cameraModel: String?
    /// GPS latitude in decimal degrees (south negative).
    package var latitude: Double?
    /// GPS longitude in decimal degrees (west negative).
    package var longitude: Double?
    /// The GPS position, when the file records both halves of it.
    package var location: GeoLocation? {
        guard let latitude, let longitude else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }
    /// XMP dc:title, or IPTC ObjectName.
    package var title: String?
    /// XMP dc:description, EXIF ImageDescription, or IPTC Caption.
    package var description: String?
    /// XMP dc:subject, IPTC Keywords and EXIF XPKeywords, without repeats.
    package var keywords: [String]
    /// XMP xmp:Rating.
    package var rating: Double?
    /// XMP dc:creator, EXIF Artist, or IPTC By-line.
    package var creator: String?
    /// What the file says about its rights and licence.
    package var rights = ImageRights()
    /// The place the file names (IPTC and XMP location fields); `nil` when it names none.
    package var place: PlaceNames?

    /// Creates metadata for a file of `format` with nothing read yet.
    package init(format: String) {
        self.format = format
        keywords = []
    }
}
