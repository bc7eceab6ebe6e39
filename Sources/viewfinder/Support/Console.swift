import Foundation
import Synchronization

/// Writes to the terminal, replacing every known secret with `***` first.
enum Console {
    private static let secrets = Mutex<[String]>([])

    /// Remembers values that must never be printed (API keys from the configuration).
    static func redact(_ values: [String]) {
        secrets.withLock { $0 += values.filter { $0.count >= 4 } }
    }

    /// `text` with every secret replaced.
    static func redacted(_ text: String) -> String {
        secrets.withLock { secrets in
            secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
        }
    }

    /// Writes `text` to standard output.
    static func out(_ text: String) {
        write(redacted(text), to: FileHandle.standardOutput)
    }

    /// Writes `text` to standard error.
    static func err(_ text: String) {
        write(redacted(text), to: FileHandle.standardError)
    }

    /// Prints `viewfinder: error: message` on standard error.
    static func error(_ message: String) {
        err("viewfinder: error: \(message)\n")
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
