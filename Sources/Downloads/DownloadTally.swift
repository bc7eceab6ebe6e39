/// A download's outcomes counted, for the summaries the download command and `browse` write.
package struct DownloadTally: Sendable {
    /// Files written.
    package private(set) var downloaded = 0
    /// Their bytes.
    package private(set) var bytes: Int64 = 0
    /// Photos the folder had already.
    package private(set) var alreadyHad = 0
    /// The outcomes that failed, in order.
    package private(set) var failures: [(provider: String, id: String, reason: String)] = []

    /// Counts `outcomes`.
    package init(_ outcomes: [DownloadOutcome]) {
        for outcome in outcomes {
            switch outcome.result {
            case .downloaded(_, let size):
                downloaded += 1
                bytes += size
            case .alreadyHad: alreadyHad += 1
            case .failed(let reason): failures.append((outcome.provider, outcome.id, reason))
            }
        }
    }
}
