import Foundation
import ProviderKit
import Testing

@Suite("Time words")
struct TimeWordsTests {
    @Test("years 1800–2199, English month names and abbreviations, and ISO months are time words; nothing else")
    func words() {
        #expect(TimeWords.word("2019") == .year(2019))
        #expect(TimeWords.word("June") == .month(6))
        #expect(TimeWords.word("jun") == .month(6))
        #expect(TimeWords.word("sept") == .month(9))
        #expect(TimeWords.word("2019-06") == .yearMonth(year: 2019, month: 6))
        for other in ["1000", "20190", "2019-13", "2019-6", "junes", "harbor", "12", "２０１９", ""] {
            #expect(TimeWords.word(other) == nil, "\(other)")
        }
    }

    @Test("a photo is found by its local year and month, whatever its offset")
    func searchWords() throws {
        let newYearsEve = try #require(
            DateTime(year: 2019, month: 12, day: 31, hour: 23, minute: 30, second: 0, utcOffsetSeconds: -5 * 3600))
        #expect(TimeWords.searchWords(for: newYearsEve) == ["2019", "december", "dec"])
        let september = try #require(DateTime(year: 2023, month: 9, day: 1, hour: 0, minute: 0, second: 0))
        #expect(TimeWords.searchWords(for: september) == ["2023", "september", "sep", "sept"])
    }

    @Test("an ISO month is spelled as its year and month name before the query is folded")
    func spelledOut() {
        #expect(TimeWords.spelledOut("lisbon  2019-06") == "lisbon 2019 june")
        #expect(TimeWords.spelledOut("harbor") == "harbor")
    }

    @Test("one year with at most one month is a range of wall-clock time; the rest is the text")
    func ranges() throws {
        let june = try #require(TimeWords.takenRange(in: "lisbon june 2019"))
        #expect(june.words == ["june", "2019"])
        #expect(june.text == "lisbon")
        #expect(june.after == SearchFilters.date(from: "2019-06-01"))
        #expect(june.before == SearchFilters.date(from: "2019-07-01"))
        let december = try #require(TimeWords.takenRange(in: "2019-12"))
        #expect(december.text.isEmpty)
        #expect(december.before == SearchFilters.date(from: "2020-01-01"))
        let year = try #require(TimeWords.takenRange(in: "fog 2023"))
        #expect(
            year.after == SearchFilters.date(from: "2023-01-01")
                && year.before == SearchFilters.date(from: "2024-01-01"))
        #expect(TimeWords.takenRange(in: "june") == nil)  // no year: no single range
        #expect(TimeWords.takenRange(in: "2019 2020") == nil)
        #expect(TimeWords.takenRange(in: "june july 2019") == nil)
        #expect(TimeWords.takenRange(in: "2019-06 june") != nil)  // the same month twice
        #expect(TimeWords.takenRange(in: "harbor") == nil)
    }
}
