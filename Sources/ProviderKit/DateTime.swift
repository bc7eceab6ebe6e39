import Foundation

/// A date-time as the source recorded it: the wall-clock reading, plus its offset from UTC when
/// the source gave one (EXIF `OffsetTimeOriginal`, an API's `Z` or `-05:00`). Nothing is
/// invented: a reading without an offset stays a local time, never taken to be UTC.
///
/// Shown as `2021-04-11T15:47:53-05:00` with an offset (`…Z` for UTC itself) and
/// `2021-04-11T15:47:53` without. Ordered by the instant where the offset is known and by the
/// wall-clock reading (counted as if it were UTC) where not; equal keys are ordered by offset,
/// so the order is total and agrees with `==`.
public struct DateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds from 1970-01-01T00:00:00 to the wall-clock reading, counted as if it were UTC.
    public let localSeconds: Int64
    /// How far the reading is ahead of UTC, in seconds; `nil` when the source did not say.
    public let utcOffsetSeconds: Int?

    /// The largest offset accepted: ±18 hours, as ISO 8601 and Foundation allow.
    public static let maximumOffsetSeconds = 18 * 3600

    /// The reading `year`-`month`-`day` `hour`:`minute`:`second` at `utcOffsetSeconds`; `nil`
    /// when any part is out of range (a 31 April, a year outside 1…9999, an hour of 24).
    /// A leap second (`:60`) is read as the next minute's first.
    public init?(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffsetSeconds: Int? = nil
    ) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        if let offset = utcOffsetSeconds, abs(offset) > Self.maximumOffsetSeconds { return nil }
        let days = Self.daysFromEpoch(year: year, month: month, day: day)
        localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The reading `localSeconds` after 1970-01-01T00:00:00; `nil` outside years 1…9999 or
    /// past the largest offset (as a damaged index might hold).
    public init?(localSeconds: Int64, utcOffsetSeconds: Int?) {
        guard (Self.firstSecond...Self.lastSecond).contains(localSeconds) else { return nil }
        if let offset = utcOffsetSeconds, abs(offset) > Self.maximumOffsetSeconds { return nil }
        self.localSeconds = localSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The reading of `instant` in UTC, with offset zero; `nil` outside years 1…9999.
    public init?(utc instant: Date) {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= Double(Self.firstSecond), seconds <= Double(Self.lastSecond) else {
            return nil
        }
        localSeconds = Int64(seconds)
        utcOffsetSeconds = 0
    }

    /// The instant, when the offset is known.
    public var instant: Date? {
        utcOffsetSeconds.map { Date(timeIntervalSince1970: Double(localSeconds - Int64($0))) }
    }

    /// What the order compares: the instant in seconds since 1970 where the offset is known,
    /// else the wall-clock reading counted as if it were UTC.
    public var orderingSeconds: Int64 { localSeconds - Int64(utcOffsetSeconds ?? 0) }

    /// ``orderingSeconds`` as a `Date`, to compare with instants such as a filter's bounds.
    public var orderingDate: Date { Date(timeIntervalSince1970: Double(orderingSeconds)) }

    /// The year and month of the wall-clock reading (the photo's own local time).
    package var localYearMonth: (year: Int, month: Int) {
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        let (year, month, _) = Self.civil(fromDays: days)
        return (year, month)
    }

    /// The recorded day, `2021-04-11`.
    public var day: String { String(description.prefix(10)) }

    /// `2021-04-11T15:47:53-05:00`, `2021-04-11T20:47:53Z`, or `2021-04-11T15:47:53` without an offset.
    public var description: String {
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        let second = Int(localSeconds - days * 86_400)
        var text = Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2) + "T"
        text +=
            Self.digits(second / 3600, 2) + ":" + Self.digits(second / 60 % 60, 2) + ":" + Self.digits(second % 60, 2)
        guard let offset = utcOffsetSeconds else { return text }
        guard offset != 0 else { return text + "Z" }
        let magnitude = abs(offset)
        text += offset < 0 ? "-" : "+"
        text += Self.digits(magnitude / 3600, 2) + ":" + Self.digits(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ":" + Self.digits(magnitude % 60, 2) }
        return text
    }

    public static func < (lhs: DateTime, rhs: DateTime) -> Bool {
        if lhs.orderingSeconds != rhs.orderingSeconds { return lhs.orderingSeconds < rhs.orderingSeconds }
        switch (lhs.utcOffsetSeconds, rhs.utcOffsetSeconds) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case (let left?, let right?): return left < right
        }
    }

    private static let firstSecond: Int64 = daysFromEpoch(year: 1, month: 1, day: 1) * 86_400
    private static let lastSecond: Int64 = daysFromEpoch(year: 9999, month: 12, day: 31) * 86_400 + 86_399

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let shifted = Int64(month <= 2 ? year - 1 : year)
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }
}
