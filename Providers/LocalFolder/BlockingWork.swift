import Foundation
import ProviderKit
import Synchronization

/// Runs blocking file-system work (folder listing, file reads, index load and save) on a
/// thread of its own, never on Swift's cooperative pool, and awaits it. Not on a Dispatch
/// global queue either: on Linux its workers are the threads Swift's tasks run on.
///
/// When the awaiting task is cancelled, the await ends at once with `CancellationError`: the
/// work is told through the flag it is given and stops at its next check (between files), and
/// nothing waits for a read that is blocked; it finishes in the background.
package enum BlockingWork {
    package static func run<T: Sendable>(_ work: @escaping @Sendable (_ cancelled: OnceFlag) throws -> T) async throws
        -> T
    {
        let cancelled = OnceFlag()
        let slot = ContinuationSlot<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                slot.store(continuation)
                // Cancelled before the continuation was stored: the handler found nothing to resume.
                if cancelled.isSet {
                    slot.take()?.resume(throwing: CancellationError())
                    return
                }
                // One thread per piece of work, and a read blocked forever keeps its thread after
                // the search gave up on it: a system out of threads fails the work, not the process.
                do {
                    try NamedThread.tryStart("vf-folder-work") {
                        let result = Result { try work(cancelled) }
                        slot.take()?.resume(with: result)
                    }
                } catch {
                    slot.take()?.resume(throwing: error)
                }
            }
        } onCancel: {
            cancelled.set()
            slot.take()?.resume(throwing: CancellationError())
        }
    }
}

/// Holds a continuation until the first of the work and the cancellation handler takes it.
private final class ContinuationSlot<T: Sendable>: Sendable {
    private let state = Mutex<CheckedContinuation<T, any Error>?>(nil)

    func store(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0 = continuation }
    }

    func take() -> CheckedContinuation<T, any Error>? {
        state.withLock { $0.take() }
    }
}
