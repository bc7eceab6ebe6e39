/// One key pressed on `browse`'s screen, as the terminal layer decoded it.
package enum BrowseKey: Sendable, Equatable {
    /// A printable character (a space too).
    case character(Character)
    /// Ctrl with a letter: `control("a")` for Ctrl-A.
    case control(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case backspace, delete, enter, escape, tab

    /// The key for a character code the terminal sent (Enter, Escape, Backspace, Tab, Ctrl-letter
    /// or a printable character); `nil` for one the screen has no use for.
    package init?(code: UInt32) {
        switch code {
        case 10, 13: self = .enter
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 9: self = .tab
        case 1...26: self = .control(Character(Unicode.Scalar(code + 96)!))
        case 0..<32, 0x7F...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            self = .character(Character(scalar))
        }
    }
}
