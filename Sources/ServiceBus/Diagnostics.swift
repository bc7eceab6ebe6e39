import ProviderKit
import Yams

/// Collects configuration problems in the order they are found.
struct Diagnostics {
    let file: String
    private(set) var issues: [ConfigurationIssue] = []
    /// Bytes of text that `${VAR}` references have expanded to so far in this file.
    var expandedBytes = 0
    /// Values of secret options seen so far; no message may show them.
    var secrets: [String] = []

    /// The issues, with every secret hidden in every form it can take.
    var redactedIssues: [ConfigurationIssue] {
        issues.map { issue in
            var issue = issue
            issue.message = Redaction.redact(issue.message, secrets: secrets)
            return issue
        }
    }

    init(file: String) {
        self.file = file
    }

    /// Puts the issues from `start` on in file order (line, then column).
    mutating func sortIssues(from start: Int) {
        guard start < issues.count else { return }
        issues[start...].sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    mutating func report(_ message: String, at node: Node?) {
        issues.append(
            ConfigurationIssue(file: file, line: node?.mark?.line, column: node?.mark?.column, message: message))
    }
}
