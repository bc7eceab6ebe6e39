import Foundation
import ProviderKit
import ServiceBus
import Synchronization

/// A provider that ignores cancellation and does not answer for 30 s, or until the test releases it.
///
/// Its first page waits for a continuation that cancellation does not resume, resumed by a
/// thread of its own (so the test never holds a thread of Swift's small cooperative pool, which
/// other tests share); it only records that it was cancelled.
final class StragglerProvider: PhotoProvider, Sendable {
    let name: String
    private let gate = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    var supportsPopular: Bool { true }

    init(name: String) {
        self.name = name
    }

    /// Whether the task reading its pages was cancelled.
    var wasCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }

    /// Lets everything it blocks go on, so the test leaves no thread behind for long.
    func release() {
        gate.signal()
    }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let gate = gate
        return AsyncThrowingStream { [self] in
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    Thread {
                        _ = gate.wait(timeout: .now() + 30)
                        continuation.resume()
                    }.start()
                }
            } onCancel: {
                self.cancelled.store(true, ordering: .sequentiallyConsistent)
            }
            return nil
        }
    }

    func live(timeout: Duration? = nil) -> LiveProvider {
        LiveProvider(provider: self, typeName: "straggler", weight: 1, timeout: timeout)
    }
}
