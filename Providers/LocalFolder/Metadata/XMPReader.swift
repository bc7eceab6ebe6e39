import Foundation
import ProviderKit

/// Reads the Dublin Core and XMP basic fields Viewfinder uses from an XMP packet:
/// dc:title, dc:description, dc:subject, dc:creator and xmp:Rating; and, where EXIF left them
/// out (EXIF takes precedence, as in exiftool), the camera, date, orientation and GPS that
/// editors and scanners write as tiff:Make, tiff:Model, tiff:Orientation,
/// exif:DateTimeOriginal (else photoshop:DateCreated), exif:GPSLatitude and exif:GPSLongitude;
/// and the place the photo names (``PlaceFields``).
///
/// The packet is read in one pass as UTF-8 bytes (``XMPPacket``); only the values found become
/// strings. This runs for every file of a folder, so it avoids Foundation's string searching.
enum XMPReader {
    static func read(_ packet: [UInt8], into metadata: inout ImageMetadata) {
        packet.withUnsafeBufferPointer { bytes in
            XMPPacket.read(bytes) { packet in
                if let title = packet.items(.title).first { metadata.title = MetadataText.clean(title) }
                if let description = packet.items(.description).first {
                    metadata.description = MetadataText.clean(description)
                }
                metadata.keywords += packet.items(.subject).compactMap(MetadataText.clean)
                let creators = packet.items(.creator).compactMap(MetadataText.clean)
                if !creators.isEmpty { metadata.creator = MetadataText.clean(creators.joinedText(separator: ", ")) }
                if let rating = packet.property(.rating).flatMap(MetadataText.clean).flatMap({ Double($0) }),
                    (-1...5).contains(rating)
                {
                    metadata.rating = rating
                }
                readCameraFields(packet, into: &metadata)
                readRights(packet, into: &metadata.rights)
                readPlace(packet, into: &metadata)
            }
        }
    }

    /// dc:rights, xmpRights:UsageTerms, cc:license, xmpRights:WebStatement and xmpRights:Marked.
    private static func readRights(_ packet: XMPPacket, into rights: inout ImageRights) {
        if let copyright = packet.items(.rights).compactMap(MetadataText.clean).first {
            rights.copyright = copyright
        }
        if let terms = packet.items(.usageTerms).compactMap(MetadataText.clean).first {
            rights.usageTerms = terms
        }
        if let url = (packet.property(.license) ?? packet.resource(.license)).flatMap(MetadataText.clean) {
            rights.licenseURL = url
        }
        if let page = packet.property(.webStatement).flatMap(MetadataText.clean) {
            rights.webStatement = page
        }
        switch packet.property(.marked).flatMap(MetadataText.clean)?.lowercased() {
        case "true": rights.marked = true
        case "false": rights.marked = false
        default: break
        }
    }

    /// The EXIF-like fields, each only where nothing else gave it.
    private static func readCameraFields(_ packet: XMPPacket, into metadata: inout ImageMetadata) {
        if metadata.cameraMake == nil {
            metadata.cameraMake = packet.property(.make).flatMap(MetadataText.clean)
        }
        if metadata.cameraModel == nil {
            metadata.cameraModel = packet.property(.model).flatMap(MetadataText.clean)
        }
        if metadata.orientation == nil,
            let orientation = packet.property(.orientation).flatMap(MetadataText.clean).flatMap({ Int($0) }),
            (1...8).contains(orientation)
        {
            metadata.orientation = orientation
        }
        if metadata.takenAt == nil {
            // photoshop:DateCreated next, as exiftool's MWG DateTimeOriginal reads it (a date
            // without a time is no moment: not read).
            metadata.takenAt =
                packet.property(.dateTimeOriginal).flatMap(XMPDate.parse)
                ?? packet.property(.dateCreated).flatMap(XMPDate.parse)
        }
        if metadata.latitude == nil, metadata.longitude == nil,
            let latitude = packet.property(.latitude).flatMap({ XMPCoordinate.parse($0, limit: 90) }),
            let longitude = packet.property(.longitude).flatMap({ XMPCoordinate.parse($0, limit: 180) })
        {
            metadata.latitude = GPSDegrees.tidy(latitude)
            metadata.longitude = GPSDegrees.tidy(longitude)
        }
    }
}
