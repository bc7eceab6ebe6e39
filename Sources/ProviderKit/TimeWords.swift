import Foundation

/// Query words that name a time: a year (`2019`), a month in English (`june`, `jun`), or an ISO
/// month (`2019-06`). They match photos taken then, in the photo's own local time.
///
/// A local folder keeps each photo's taken year and month among its searchable words
/// (``searchWords(for:)``), so a time word matches there as any word does, and a year in a
/// title still matches as a word. A remote source that filters by taken date gets the words
/// as a date range instead (``takenRange(in:)``), taken out of its text.
package enum TimeWords {
    /// One recognised time word.
    package enum Word: Sendable, Equatable {
        case year(Int)
        case month(Int)
        case yearMonth(year: Int, month: Int)
    }

    /// The years a bare four-digit number is taken to name; other numbers are only words.
    package static let years = 1800...2199

    /// Full month names, January first.
    package static let monthNames = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// The abbreviations a month is also asked for by, January first.
    private static let monthAbbreviations: [[String]] = [
        ["jan"], ["feb"], ["mar"], ["apr"], [], ["jun"], ["jul"], ["aug"], ["sep", "sept"], ["oct"], ["nov"], ["dec"],
    ]

    /// The time word `token` (one whitespace-separated part of a query) spells, or `nil`.
    package static func word(_ token: some StringProtocol) -> Word? {
        let bytes = Array(token.utf8)
        if bytes.count == 4, let year = number(bytes), years.contains(year) { return .year(year) }
        if bytes.count == 7, bytes[4] == UInt8(ascii: "-"), let year = number(bytes[0..<4]),
            let month = number(bytes[5..<7]), years.contains(year), (1...12).contains(month)
        {
            return .yearMonth(year: year, month: month)
        }
        let folded = String(token).lowercased()
        if let index = monthNames.firstIndex(of: folded)
            ?? monthAbbreviations.firstIndex(where: { $0.contains(folded) })
        {
            return .month(index + 1)
        }
        return nil
    }

    /// The words a photo taken at `taken` is found by: its local year and month, the month
    /// spelled in full and abbreviated (`2019 june jun`).
    package static func searchWords(for taken: DateTime) -> [String] {
        let (year, month) = taken.localYearMonth
        return [String(year), monthNames[month - 1]] + monthAbbreviations[month - 1]
    }

    /// `query` with each ISO month spelled as its year and month name (`2019-06` → `2019 june`),
    /// so it folds into words a photo's ``searchWords(for:)`` hold.
    package static func spelledOut(_ query: String) -> String {
        query.split(whereSeparator: \.isWhitespaceASCIIFirst).map { token -> String in
            if case .yearMonth(let year, let month) = word(token) { return "\(year) \(monthNames[month - 1])" }
            return String(token)
        }.joinedText(separator: " ")
    }

    /// The time words of `query` as one range of wall-clock time, for a source that filters by
    /// taken date: one year, with at most one month (a month name or an ISO month), and the query's
    /// other words as the text to send. `nil` when the words name no single range (no year, or
    /// two different years or months), so they stay in the text.
    package static func takenRange(in query: String) -> TakenRange? {
        var year: Int?
        var month: Int?
        var words: [String] = []
        var rest: [String] = []
        for token in query.split(whereSeparator: \.isWhitespaceASCIIFirst) {
            guard let word = word(token) else {
                rest.append(String(token))
                continue
            }
            let (wordYear, wordMonth): (Int?, Int?) =
                switch word {
                case .year(let value): (value, nil)
                case .month(let value): (nil, value)
                case .yearMonth(let y, let m): (y, m)
                }
            if let wordYear {
                if let year, year != wordYear { return nil }
                year = wordYear
            }
            if let wordMonth {
                if let month, month != wordMonth { return nil }
                month = wordMonth
            }
            words.append(String(token))
        }
        guard let year else { return nil }
        let first = month ?? 1
        let end = month.map { $0 == 12 ? (year + 1, 1) : (year, $0 + 1) } ?? (year + 1, 1)
        guard let start = DateTime(year: year, month: first, day: 1, hour: 0, minute: 0, second: 0),
            let stop = DateTime(year: end.0, month: end.1, day: 1, hour: 0, minute: 0, second: 0)
        else { return nil }
        return TakenRange(
            words: words, text: rest.joinedText(separator: " "),
            after: start.orderingDate, before: stop.orderingDate)
    }

    /// Time words read as a range of wall-clock time.
    package struct TakenRange: Sendable, Equatable {
        /// The query's time words, as typed.
        package var words: [String]
        /// The rest of the query.
        package var text: String
        /// The range's first wall-clock second, counted as if it were UTC (as a source without
        /// offsets compares it, Flickr's `min_taken_date`).
        package var after: Date
        /// The first wall-clock second after the range, counted the same way.
        package var before: Date
    }

    private static func number(_ bytes: some Collection<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }
}
