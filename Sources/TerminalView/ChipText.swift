import SearchViewModel

/// How much a provider's chip says, from everything down to a symbol and a shortened name.
enum ChipLevel: CaseIterable {
    /// "✓ openverse 12 photos in 140 ms", "✗ flickr failed: HTTP 500".
    case full
    /// "✓ openverse 12 photos", "✗ flickr failed".
    case brief
    /// "✓ openverse".
    case name
    /// "✓ open…": the name shortened to the chip's share of the line.
    case symbols
}

/// One chip's parts at one ``ChipLevel``, in the status row's words, made safe for the screen.
struct ChipText {
    let symbol: String
    let style: CellGrid.Style
    private(set) var name: String
    let words: String

    init(_ chip: ProviderStatusRow, level: ChipLevel) {
        (symbol, style) =
            switch chip.phase {
            case "running": ("…", .yellow)
            case "ok": ("✓", .green)
            case "skipped", "cancelled": ("–", .dim)
            case "partial": ("◐", .yellow)
            default: ("✗", .red)
            }
        name = TerminalText.sanitized(chip.name)
        switch level {
        case .full:
            let detail = TerminalText.sanitized(chip.detail)
            words = chip.phase == "ok" ? detail : detail.isEmpty ? chip.phase : "\(chip.phase): \(detail)"
        case .brief:
            words = TerminalText.sanitized(chip.brief)
        case .name, .symbols:
            words = ""
        }
    }

    /// The columns the symbol and name take.
    var headWidth: Int { DisplayWidth.of(symbol) + 1 + DisplayWidth.of(name) }

    /// The columns the whole chip takes, its words within 44 columns.
    var width: Int { headWidth + (words.isEmpty ? 0 : 1 + min(44, DisplayWidth.of(words))) }

    /// This chip with its name cut to `columns`, ending in "…" when cut.
    func shortened(to columns: Int) -> ChipText {
        guard DisplayWidth.of(name) > columns else { return self }
        var copy = self
        var kept = ""
        for character in name {
            guard DisplayWidth.of(kept) + DisplayWidth.of(character) < columns else { break }
            kept.append(character)
        }
        copy.name = kept + "…"
        return copy
    }
}
