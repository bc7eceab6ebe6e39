import Foundation

/// Reads the wall-clock date-times photo sources write without a zone:
/// "2023-09-14 19:42:10" (Flickr), "2023:09:14 19:42:10" (EXIF), "2023-09-14T19:42:10".
public enum DateTimeText {
    /// The date-time in `text`, taken to be `utcOffsetSeconds` ahead of UTC; `nil` when any part is out of range.
    public static func parse(_ text: String, utcOffsetSeconds: Int = 0) -> Date? {
        let numbers = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).prefix(6)
            .compactMap { Int($0) }
        guard numbers.count == 6, (1...9999).contains(numbers[0]), (1...12).contains(numbers[1]),
            (1...31).contains(numbers[2]),
            (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let zone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
                second: numbers[5]))
    }
}
