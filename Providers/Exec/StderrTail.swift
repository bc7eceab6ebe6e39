import Foundation
import Synchronization

/// Keeps the last 4 KB a program wrote to standard error, for the failure message.
final class StderrTail: Sendable {
    private let buffer = Mutex(Data())

    func append(_ chunk: Data) {
        buffer.withLock { data in
            data.append(chunk.suffix(4096))
            if data.count > 4096 { data = data.suffix(4096) }
        }
    }

    /// The last few non-empty lines.
    var lines: [String] {
        let text = buffer.withLock { String(decoding: $0, as: UTF8.self) }
        return Array(text.split(whereSeparator: \.isNewline).map(String.init).suffix(5))
    }
}
