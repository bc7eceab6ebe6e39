import ProviderKit

/// How a query's time words (`2019`, `june`, `2019-06`) reach one provider, and what its status
/// line says about it.
///
/// A provider that matches them itself (a local folder) gets the query as typed. One that applies
/// the taken-date filter at its source (Flickr) gets the words as a date range, taken out of its
/// text, when they name one range (a year, with at most one month). Any other gets them in its
/// text, since it matches words, not dates.
struct TimeWordRouting {
    /// The request to send.
    let request: SearchRequest
    /// "2019 as taken date", "2019 in the text", "2019 by date taken or as a word"; `nil` when the
    /// query holds no time word.
    let summary: String?

    init(_ request: SearchRequest, for provider: any PhotoProvider) {
        guard case .search(let text) = request.operation else {
            self.request = request
            summary = nil
            return
        }
        let words = text.split(whereSeparator: \.isWhitespaceASCIIFirst).filter { TimeWords.word($0) != nil }
        guard !words.isEmpty else {
            self.request = request
            summary = nil
            return
        }
        let typed = words.joinedText(separator: " ")
        if provider.matchesTimeWords {
            self.request = request
            summary = "\(typed) by date taken or as words"
        } else if provider.appliedFilters(for: request.operation).contains(.takenDate),
            let range = TimeWords.takenRange(in: text)
        {
            var narrowed = request
            narrowed.operation = .search(range.text)
            narrowed.filters.takenAfter = max(request.filters.takenAfter ?? range.after, range.after)
            narrowed.filters.takenBefore = min(request.filters.takenBefore ?? range.before, range.before)
            self.request = narrowed
            summary = "\(range.words.joinedText(separator: " ")) as taken date"
        } else {
            self.request = request
            summary = "\(typed) in the text"
        }
    }
}
