import Foundation
import ProviderKit
import Testing

@Suite("Date-times as the source recorded them")
struct DateTimeTests {
    @Test("a reading with an offset is shown with it, one without stays local, UTC is Z")
    func shownAsRecorded() throws {
        #expect(DateTime.parse("2021:04:11 15:47:53", offset: "-05:00")?.description == "2021-04-11T15:47:53-05:00")
        #expect(DateTime.parse("2021:04:11 15:47:53", offset: nil)?.description == "2021-04-11T15:47:53")
        #expect(DateTime.parse("2021:04:11 15:47:53", offset: "   ")?.description == "2021-04-11T15:47:53")
        #expect(DateTime.parse("2021-04-11 15:47:53")?.description == "2021-04-11T15:47:53")
        #expect(DateTime.parse("2021-04-11T15:47:53Z")?.description == "2021-04-11T15:47:53Z")
        #expect(DateTime.parse("2021-04-11T15:47:53.250+0530")?.description == "2021-04-11T15:47:53+05:30")
        #expect(DateTime.parse("2021-04-11T15:47:53+02")?.description == "2021-04-11T15:47:53+02:00")
        #expect(DateTime.parse("0001-01-01T00:00:00")?.description == "0001-01-01T00:00:00")
        #expect(DateTime.parse("9999-12-31T23:59:59")?.description == "9999-12-31T23:59:59")
        #expect(DateTime.parse("1969-12-31T23:59:59")?.description == "1969-12-31T23:59:59")
    }

    @Test("the instant is known only with an offset")
    func instant() {
        #expect(DateTime.parse("2021-04-11T15:47:53-05:00")?.instant == Date(timeIntervalSince1970: 1_618_174_073))
        #expect(DateTime.parse("2021-04-11T15:47:53")?.instant == nil)
    }

    @Test(
        "impossible dates, offsets and trailing text are no date",
        arguments: [
            "2021-02-29 10:00:00", "2021-04-31 10:00:00", "2021-04-11 24:00:00", "2021-04-11 10:60:00",
            "2021-04-11T10:00:00+19:00", "2021-04-11T10:00:00+05:99", "2021-04-11T10:00:00 soon", "2021-04-11",
            "    :  :     :  :  ", "２０２１-04-11 10:00:00", "2021-04-11T10:00:00+5",
        ])
    func impossible(text: String) {
        #expect(DateTime.parse(text) == nil)
    }

    @Test("29 February of a leap year is a date")
    func leapDay() {
        #expect(DateTime.parse("2024-02-29 10:00:00")?.description == "2024-02-29T10:00:00")
        #expect(DateTime.parse("2000-02-29 10:00:00") != nil && DateTime.parse("1900-02-29 10:00:00") == nil)
    }

    @Test("ordered by instant where the offset is known, by local time where not; the order is total")
    func ordering() throws {
        let newYork = try #require(DateTime.parse("2021-04-11T15:47:53-05:00"))  // 20:47:53 UTC
        let berlin = try #require(DateTime.parse("2021-04-11T21:00:00+02:00"))  // 19:00:00 UTC
        let local = try #require(DateTime.parse("2021-04-11T20:00:00"))
        #expect(berlin < newYork)  // by instant, though its clock read later
        #expect([newYork, local, berlin].sorted() == [berlin, local, newYork])
        let utc = try #require(DateTime.parse("2021-04-11T20:00:00Z"))
        #expect(local != utc && (local < utc) != (utc < local))  // same key, still ordered one way
    }

    @Test("a stored reading outside years 1–9999 or with an absurd offset is refused")
    func storedBounds() {
        #expect(DateTime(localSeconds: .max, utcOffsetSeconds: nil) == nil)
        #expect(DateTime(localSeconds: 0, utcOffsetSeconds: 100_000) == nil)
        #expect(DateTime(localSeconds: 0, utcOffsetSeconds: -3600)?.description == "1970-01-01T00:00:00-01:00")
    }
}
