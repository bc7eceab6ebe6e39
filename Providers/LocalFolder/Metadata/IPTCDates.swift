import ProviderKit

/// IPTC's DateCreated (2:55, `CCYYMMDD`) with TimeCreated (2:60, `HHMMSS±HHMM`), the date
/// taken when neither EXIF nor XMP gives one, as exiftool's composite DateTimeOriginal reads it:
/// only both together are a moment; a date alone (or a partial one, `20190000`) is none.
enum IPTCDate {
    static func parse(date: String?, time: String?) -> DateTime? {
        guard let date = date.flatMap(MetadataText.clean), let time = time.flatMap(MetadataText.clean) else {
            return nil
        }
        let day = Array(date.utf8)
        let clock = Array(time.utf8)
        guard day.count == 8, day.allSatisfy(isDigit), clock.count >= 6, clock.prefix(6).allSatisfy(isDigit) else {
            return nil
        }
        let text = { (bytes: ArraySlice<UInt8>) in String(decoding: bytes, as: UTF8.self) }
        let local =
            "\(text(day[0..<4])):\(text(day[4..<6])):\(text(day[6..<8])) "
            + "\(text(clock[0..<2])):\(text(clock[2..<4])):\(text(clock[4..<6]))"
        let zone = clock.dropFirst(6)
        guard zone.isEmpty || zone.count == 5 || (zone.count == 6 && zone[zone.startIndex + 3] == UInt8(ascii: ":"))
        else { return nil }
        // An offset that is not one (`+2500`) leaves a local time, as a bad OffsetTime does in EXIF.
        return DateTime.parse(local, offset: zone.isEmpty ? nil : text(zone))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
}

extension IPTCReader {
    /// The IPTC datasets of a place and a date, gathered over a block's records.
    struct PlaceAndDate {
        var place = PlaceNames()
        var date: String?
        var time: String?

        /// Keeps `value` when `dataset` (of record 2) is one of these.
        mutating func take(dataset: UInt8, bytes: [UInt8]) {
            switch dataset {
            case 55: date = MetadataText.decode(bytes)
            case 60: time = MetadataText.decode(bytes)
            case 90: place.city = PlaceFields.clean(MetadataText.decode(bytes))
            case 92: place.name = PlaceFields.clean(MetadataText.decode(bytes))
            case 95: place.region = PlaceFields.clean(MetadataText.decode(bytes))
            case 100: place.countryCode = PlaceFields.clean(MetadataText.decode(bytes))
            case 101: place.country = PlaceFields.clean(MetadataText.decode(bytes))
            default: break
            }
        }

        /// Fills what EXIF and XMP left out.
        func apply(to metadata: inout ImageMetadata) {
            PlaceFields.merge(place, into: &metadata.place, overriding: false)
            if metadata.takenAt == nil { metadata.takenAt = IPTCDate.parse(date: date, time: time) }
        }
    }
}
