import ProviderKit
import Testing

/// `joinedText` is the standard library's `joined(separator:)`, compiled into its callers.
@Suite("joined text")
struct JoinedTextTests {
    static let lists: [[String]] = [
        [], [""], ["", ""], ["one"], ["one", "two"], ["a", "", "c", ""], ["港の", "夕日", "🇯🇵"],
        ["e\u{301}", "\u{301}"], Array(repeating: "x", count: 1_000),
    ]

    @Test("strings, substrings and slices join as joined(separator:) joins them", arguments: lists)
    func matchesJoined(list: [String]) {
        for separator in ["", " ", "-", ", ", "\u{301}", "🇫🇷"] {
            #expect(list.joinedText(separator: separator) == list.joined(separator: separator))
            let substrings = list.map { Substring($0) }
            #expect(substrings.joinedText(separator: separator) == substrings.joined(separator: separator))
            let slice = list.dropFirst()
            #expect(slice.joinedText(separator: separator) == slice.joined(separator: separator))
        }
        #expect(list.joinedText() == list.joined())
    }
}
