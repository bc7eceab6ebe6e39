import Foundation
import ProviderKit

/// What Viewfinder reads from an image file's headers and metadata segments.
///
/// Values the file does not hold (or holds only as blanks and padding) are `nil` or empty.
public struct ImageMetadata: Sendable, Equatable {
    /// The file format: `jpeg`, `png`, `gif`, `tiff`, `webp`, `heic`, …
    public var format: String
    /// Width as displayed, after orientation.
    public var width: Int?
    /// Height as displayed, after orientation.
    public var height: Int?
    /// EXIF orientation, 1–8.
    public var orientation: Int?
    /// DateTimeOriginal, with its offset when the file records one (otherwise a local time).
    public var takenAt: DateTime?
    /// Camera maker.
    public var cameraMake: String?
    /// Camera model.
    public var cameraModel: String?
    /// GPS latitude in decimal degrees (south negative).
    public var latitude: Double?
    /// GPS longitude in decimal degrees (west negative).
    public var longitude: Double?
    /// XMP dc:title, or IPTC ObjectName.
    public var title: String?
    /// XMP dc:description, EXIF ImageDescription, or IPTC Caption.
    public var description: String?
    /// XMP dc:subject, IPTC Keywords and EXIF XPKeywords, without repeats.
    public var keywords: [String]
    /// XMP xmp:Rating.
    public var rating: Double?
    /// XMP dc:creator, EXIF Artist, or IPTC By-line.
    public var creator: String?
    /// What the file says about its rights and licence.
    public var rights = ImageRights()

    /// Creates metadata for a file of `format` with nothing read yet.
    public init(format: String) {
        self.format = format
        keywords = []
    }
}
