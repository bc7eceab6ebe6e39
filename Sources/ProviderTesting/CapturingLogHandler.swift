import Logging
import ProviderKit
import Synchronization

/// A log backend that keeps every line, so tests can search what a provider logged.
public struct CapturingLogHandler: LogHandler {
    /// The shared store of captured lines.
    public final class Store: Sendable {
        private let lines = Mutex<[String]>([])

        /// An empty store.
        public init() {}

        /// Every line logged so far, with its metadata.
        public var all: [String] { lines.withLock { $0 } }

        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    private let store: Store
    private let label: String
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]

    /// A handler writing into `store`.
    public init(label: String, store: Store) {
        self.label = label
        self.store = store
    }

    /// A trace-level logger capturing into `store`.
    public static func logger(_ store: Store, label: String = "conformance") -> Logger {
        Logger(label: label) { label in CapturingLogHandler(label: label, store: store) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let extra = merged.isEmpty ? "" : " " + merged.map { "\($0)=\($1)" }.sorted().joinedText(separator: " ")
        store.append("\(event.level) \(label): \(event.message)\(extra)")
    }
}
