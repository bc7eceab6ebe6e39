import Foundation
import ProviderKit
import Synchronization

/// Keeps the last 4 KB a program wrote to standard error, for the failure message.
final class StderrTail: Sendable {
    private let buffer = Mutex((data: Data(), cut: false))

    func append(_ chunk: Data) {
        buffer.withLock { tail in
            tail.data.append(chunk.suffix(4096))
            if chunk.count > 4096 { tail.cut = true }
            if tail.data.count > 4096 {
                tail.data = tail.data.suffix(4096)
                tail.cut = true
            }
        }
    }

    /// The last few non-empty lines, `secrets` hidden. When the start was cut away, the first
    /// line is left out: it may begin inside a key, where no redaction can recognise it.
    func lines(hiding secrets: Redactor) -> [String] {
        let (data, cut) = buffer.withLock { $0 }
        var lines = secrets.redact(String(decoding: data, as: UTF8.self)).split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if cut, !lines.isEmpty { lines.removeFirst() }
        return Array(lines.filter { !$0.isEmpty }.map(String.init).suffix(5))
    }
}
