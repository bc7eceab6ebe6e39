import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal can do: whether a stream is a terminal, its width, and colour.
enum Terminal {
    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether standard error is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether `TERM=dumb` says the terminal understands no escape sequences at all.
    static var isDumb: Bool { ProcessEnvironment.value("TERM") == "dumb" }

    /// Colour only on a terminal that is not dumb and only when `NO_COLOR` is not set.
    static func usesColor(onTerminal: Bool) -> Bool {
        onTerminal && !isDumb && (ProcessEnvironment.value("NO_COLOR") ?? "").isEmpty
    }

    /// The live status line (redrawn with escape sequences) only on a terminal that is not dumb.
    static var showsStatusLine: Bool { stderrIsTerminal && !isDumb }

    /// Columns available for standard output: the terminal's, else `$COLUMNS` (any positive
    /// number, up to 10,000: a narrow one gets a table of the rank and a cut title), else 120.
    static var width: Int {
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = ProcessEnvironment.value("COLUMNS").flatMap(Int.init), columns > 0 {
            return min(columns, 10_000)
        }
        return 120
    }
}

/// ANSI styles, applied only when colour is on.
struct Style: Sendable {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
