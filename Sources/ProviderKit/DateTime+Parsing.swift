import Foundation

extension DateTime {
    /// Reads the forms photo sources write: `2023-09-14 19:42:10` (Flickr), `2023:09:14 19:42:10`
    /// (EXIF), `2023-09-14T19:42:10`, each optionally with fractional seconds (dropped) and an
    /// offset (`Z`, `+02:00`, `-0500`, `+02`); `nil` when `text` is none of these or out of range.
    public static func parse(_ text: String) -> DateTime? {
        let bytes = Array(text.utf8.drop { $0 == UInt8(ascii: " ") })
        guard bytes.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let dateSeparator = bytes[4]
        guard dateSeparator == UInt8(ascii: "-") || dateSeparator == UInt8(ascii: ":"), bytes[7] == dateSeparator,
            bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var rest = bytes[19...].drop { $0 == UInt8(ascii: " ") }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst().drop { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        let offset: Int?
        if rest.isEmpty {
            offset = nil
        } else if let zone = offsetSeconds(String(decoding: rest, as: UTF8.self)) {
            offset = zone
        } else {
            return nil
        }
        return DateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffsetSeconds: offset)
    }

    /// Reads an EXIF date-time with its separate offset tag (`OffsetTimeOriginal`, `+02:00`);
    /// an offset that is blank or unreadable leaves the reading without one.
    public static func parse(_ text: String, offset: String?) -> DateTime? {
        guard let reading = parse(text) else { return nil }
        guard reading.utcOffsetSeconds == nil, let seconds = offset.flatMap(offsetSeconds) else { return reading }
        return DateTime(localSeconds: reading.localSeconds, utcOffsetSeconds: seconds)
    }

    /// `Z`, `+02:00`, `-0500` or `+02` in seconds; `nil` for anything else.
    public static func offsetSeconds(_ text: String) -> Int? {
        // Printable ASCII at both ends, as offsets are: nothing to trim (Foundation's trimming
        // was a twentieth of reading a RAW folder).
        let isTrimmed =
            text.utf8.first.map { (0x21...0x7E).contains($0) } == true
            && text.utf8.last.map { (0x21...0x7E).contains($0) } == true
        let text = isTrimmed ? text : text.trimmingWhitespace(newlines: false)
        if text == "Z" || text == "z" { return 0 }
        let bytes = Array(text.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ (48...57).contains($0) }),
            bytes.count == 1 + digits.count || (bytes.count == 6 && bytes[3] == UInt8(ascii: ":"))
        else { return nil }
        let values = digits.map { Int($0 - 48) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 18, minutes <= 59 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        guard seconds <= maximumOffsetSeconds else { return nil }
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
