import Downloads
import Synchronization
import TerminalView

/// Counts a `browse` download's events into the words of its status line: "Downloading 2 of 5
/// into ~/Pictures/Viewfinder: harbor.jpg 40%", then a summary as the download command's.
final class BrowseDownloadTally: Sendable {
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
        var downloaded = 0
        var bytes: Int64 = 0
        var had = 0
        var failures: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case .downloaded(_, let size):
                downloaded += 1
                bytes += size
            case .alreadyHad: had += 1
            case .failed(let reason): failures.append(TerminalText.sanitized(reason))
            }
        }
        let first = failures.first.map { " (\($0))" } ?? ""
        return "Downloaded \(downloaded) file\(downloaded == 1 ? "" : "s") (\(DownloadProgress.bytes(bytes))), "
            + "already had \(had), failed \(failures.count)\(first): \(folder)"
    }
}
