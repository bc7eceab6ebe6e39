import Logging
import ProviderKit
import TerminalView

/// Writes log lines to standard error as `viewfinder: level: message`, secrets redacted.
struct ConsoleLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .warning
    var metadata: Logger.Metadata = [:]

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let details =
            merged.isEmpty ? "" : " (" + merged.map { "\($0): \($1)" }.sorted().joinedText(separator: ", ") + ")"
        Console.err("viewfinder: \(event.level): \(TerminalText.sanitized("\(event.message)\(details)"))\n")
    }
}
