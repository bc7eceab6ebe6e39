import Downloads
import Foundation
import ProviderKit
import Synchronization
import TerminalView

/// The download display on a terminal's standard error: one line per running transfer and a
/// total (files, bytes, rate, time left), redrawn in place a few times a second.
final class DownloadProgress: Sendable {
    private struct Transfer {
        var name: String
        var received: Int64 = 0
        var expected: Int64?
    }

    private struct State {
        var planned = 0
        var finished = 0
        var finishedBytes: Int64 = 0
        var running: [Int: Transfer] = [:]
        var linesDrawn = 0
        /// Set by ``stop()``: a draw already under way then writes nothing.
        var stopped = false
    }

    private let state = Mutex(State())
    private let ticker = Mutex<Task<Void, Never>?>(nil)
    private let started = ContinuousClock.now
    private let width: Int

    init(width: Int) {
        self.width = max(20, width)
    }

    /// Takes one event from the downloader (any thread; quick).
    func handle(_ event: DownloadEvent) {
        state.withLock { state in
            switch event {
            case .planned(let transfers): state.planned = transfers
            case .started(let index, let name): state.running[index] = Transfer(name: name)
            case .progress(let index, let received, let expected):
                state.running[index, default: Transfer(name: "")].received = received
                state.running[index]?.expected = expected
            case .finished(let index, let outcome):
                let transfer = state.running.removeValue(forKey: index)
                guard transfer != nil || state.planned > 0 else { return }
                if transfer != nil { state.finished += 1 }
                if case .downloaded(_, let bytes) = outcome.result { state.finishedBytes += bytes }
            }
        }
    }

    /// Starts redrawing.
    func start() {
        let task = Task { [self] in
            while !Task.isCancelled {
                draw()
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        ticker.withLock { $0 = task }
    }

    /// Stops redrawing and erases the display. The erase is queued under the same lock as each
    /// drawing, so it always comes after the last one and takes exactly its lines.
    func stop() {
        ticker.withLock { $0.take() }?.cancel()
        state.withLock { state in
            state.stopped = true
            if state.linesDrawn > 0 { Console.err("\u{1B}[\(state.linesDrawn)A\u{1B}[J") }
            state.linesDrawn = 0
        }
    }

    private func draw() {
        let elapsed = ContinuousClock.now - started
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        state.withLock { state in
            guard !state.stopped else { return }
            var lines: [String] = []
            var runningBytes: Int64 = 0
            for (_, transfer) in state.running.sorted(by: { $0.key < $1.key }) {
                runningBytes += transfer.received
                let size = transfer.expected.map { " of " + Self.bytes($0) } ?? ""
                let name = TerminalText.sanitized(transfer.name)
                lines.append(fitted("  \(Self.bytes(transfer.received))\(size)  \(name)"))
            }
            let total = state.finishedBytes + runningBytes
            let rate = Double(total) / seconds
            var summary =
                state.planned == 0 && state.running.isEmpty
                ? "Preparing the downloads…"
                : "\(state.finished)/\(state.planned) files, \(Self.bytes(total)), \(Self.bytes(Int64(rate)))/s"
            if state.finished > 0, state.planned > state.finished {
                let left = seconds / Double(state.finished) * Double(state.planned - state.finished)
                summary += ", about \(Int(left.rounded(.up))) s left"
            }
            lines.append(fitted(summary))
            let up = state.linesDrawn > 0 ? "\u{1B}[\(state.linesDrawn)A" : ""
            state.linesDrawn = lines.count
            // Queued for the output thread (no write here), under the lock: see ``stop()``.
            Console.err(up + "\u{1B}[J" + lines.joinedText(separator: "\n") + "\n")
        }
    }

    /// `line` cut to the terminal's width less one column, measured in display width (a CJK
    /// title takes two columns a character), so no line wraps and the redraw stays in place.
    private func fitted(_ line: String) -> String {
        TextFitting.truncate(Console.redacted(line), to: width - 1)  // hidden before cut, or a cut key shows
    }

    /// `count` bytes in B, kB, MB or GB, with one decimal (half up) above 1,000 B.
    ///
    /// Integer arithmetic, not `String(format:)`: Foundation's formatting set itself up on its
    /// first call, a millisecond of the summary at the end of every download.
    static func bytes(_ count: Int64) -> String {
        if count < 1000 { return "\(count) B" }
        let units: [(name: String, scale: Int64)] = [("kB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000)]
        let unit = units.first { count < $0.scale * 1000 } ?? units[units.count - 1]
        let step = unit.scale / 10
        let tenths = count / step + (count % step * 2 >= step ? 1 : 0)
        return "\(tenths / 10).\(tenths % 10) \(unit.name)"
    }
}
