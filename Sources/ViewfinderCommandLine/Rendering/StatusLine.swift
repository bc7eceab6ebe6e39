import ProviderKit
import SearchViewModel
import TerminalView

/// The live one-line status on standard error while a search runs (only on a terminal).
struct StatusLine {
    let style: Style
    var width = Terminal.width

    /// Redraws the line for `state`.
    func show(_ state: SearchState) {
        guard state.isRunning else { return clear() }
        let parts = state.providers.map { status -> String in
            let row = ProviderStatusRow(status)
            let name = TerminalText.sanitized(row.name)
            switch status.phase {
            case .running: return "\(name) " + style.dim(status.count > 0 ? "\(status.count)…" : "…")
            case .ok: return "\(name) " + style.green("✓ \(status.count)")
            case .failed: return "\(name) " + style.red("✗")
            case .timedOut where status.isPartial: return "\(name) " + style.yellow("partial \(status.count)")
            case .timedOut: return "\(name) " + style.yellow("timed out")
            case .skipped: return "\(name) " + style.dim("skipped")
            case .cancelled: return "\(name) " + style.dim("cancelled")
            }
        }
        let line = "Searching: " + parts.joinedText(separator: " · ") + "  (\(state.results.count) results)"
        Console.err("\r\u{1B}[2K" + TextFitting.truncateVisible(line, to: width - 1))
    }

    /// Removes the line.
    func clear() {
        Console.err("\r\u{1B}[2K")
    }
}
