import Downloads
import Synchronization
import TerminalView

/// Counts a `browse` download's events into the words of its status line: "Downloading 2 of 5
/// into ~/Pictures/Viewfinder: harbor.jpg 40%", then a summary as the download command's.
final class BrowseDownloadProgress: Sendable {
    private struct Counts {
        var done = 0
        var name = ""
    }

    let total: Int
    let folder: String
    private let counts = Mutex(Counts())

    init(total: Int, folder: String) {
        self.total = total
        self.folder = folder
    }

    /// The status line after `event`, or nil when it does not change.
    func line(after event: DownloadEvent) -> String? {
        counts.withLock { counts in
            switch event {
            case .planned: return nil
            case .started(_, let name):
                counts.name = TerminalText.sanitized(name)
                return "Downloading \(counts.done + 1) of \(total) into \(folder): \(counts.name)"
            case .progress(_, let received, let expected):
                let part = expected.flatMap { $0 > 0 ? " \(received * 100 / $0)%" : nil } ?? ""
                return "Downloading \(counts.done + 1) of \(total) into \(folder): \(counts.name)\(part)"
            case .finished:
                counts.done += 1
                return "Downloading: \(counts.done) of \(total) done into \(folder)"
            }
        }
    }

    /// "Downloaded 2 files (1.2 MB), already had 1, failed 0: ~/Pictures/Viewfinder", with the first
    /// failure's reason.
    func summary(_ outcomes: [DownloadOutcome]) -> String {
        let tally = DownloadTally(outcomes)
        let first = tally.failures.first.map { " (\(TerminalText.sanitized($0.reason)))" } ?? ""
        return "Downloaded \(tally.downloaded) file\(tally.downloaded == 1 ? "" : "s") "
            + "(\(DownloadProgress.bytes(tally.bytes))), already had \(tally.alreadyHad), "
            + "failed \(tally.failures.count)\(first): \(folder)"
    }
}
