/// How a terminal can draw a picture, best first: kitty's graphics protocol, iTerm2's inline
/// images, sixels, or Unicode block symbols in colour (any terminal).
package enum TerminalGraphics: String, Sendable, CaseIterable {
    case kitty, iterm2, sixel, symbols
}
