import ProviderKit
import Synchronization

/// Something that happened in a search, in the order the view-model took it in.
package enum SearchEvent: Sendable, Equatable {
    /// A provider sent a page: the photos the search accepted from it (its share, in its order).
    case page(provider: String, photos: [Photo])
    /// A provider finished, failed, timed out or was cancelled; its status from then on.
    case providerFinished(ProviderStatus)
}

/// Everything that happened in a search so far, for a view that must show every page (NDJSON).
///
/// Snapshots are coalesced and a subscriber sees only the newest one, so a snapshot cannot
/// carry "the change since the previous one". Instead every snapshot carries this log, as it
/// stood when the snapshot was taken: a view remembers how far it has read and reads on from
/// there. The log is shared between snapshots and only grows; its pages are the same arrays
/// the merger keeps, so it costs memory for the events, not for the photos again.
package struct SearchLog: Sendable {
    private let storage: Storage?
    /// How many events had happened when the snapshot was taken.
    package let count: Int

    /// An empty log.
    package init() {
        storage = nil
        count = 0
    }

    fileprivate init(storage: Storage, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// The events from the `start`-th (0-based) up to ``count``, oldest first.
    package func events(from start: Int) -> [SearchEvent] {
        guard let storage, start < count else { return [] }
        let first = max(0, start)
        return storage.events.withLock { Array($0[first..<min(count, $0.count)]) }
    }

    fileprivate final class Storage: Sendable {
        let events = Mutex<[SearchEvent]>([])
    }
}

/// The writing end of a ``SearchLog``, owned by one search.
struct SearchLogWriter: Sendable {
    private let storage = SearchLog.Storage()

    /// Appends `event`.
    func append(_ event: SearchEvent) {
        storage.events.withLock { $0.append(event) }
    }

    /// The log as it stands now.
    var log: SearchLog {
        SearchLog(storage: storage, count: storage.events.withLock { $0.count })
    }
}
