/// The query line's text and cursor, edited with readline's keys: ←/→, Home/End, Ctrl-A/E
/// (start, end), Ctrl-U (delete to the start), Ctrl-W (delete the word before the cursor),
/// Backspace and Delete.
package struct QueryLine: Sendable, Equatable {
    /// The text, as typed.
    package private(set) var text: [Character]
    /// Where the next character goes: 0 is before the first.
    package private(set) var cursor: Int

    /// The longest query kept, in characters.
    package static let maximumLength = 500

    /// A line holding `text`, the cursor at its end.
    package init(_ text: String = "") {
        self.text = Array(text.prefix(Self.maximumLength))
        cursor = self.text.count
    }

    /// The text as a string.
    package var string: String { String(text) }

    /// Applies `key`; `true` when the key was an editing key (so it was used).
    package mutating func apply(_ key: BrowseKey) -> Bool {
        switch key {
        case .character(let character):
            guard text.count < Self.maximumLength else { return true }
            text.insert(character, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            if cursor < text.count { text.remove(at: cursor) }
        case .control("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            text.removeLast(text.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, text[start - 1].isWhitespace { start -= 1 }
            while start > 0, !text[start - 1].isWhitespace { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        default: return false
        }
        return true
    }
}
