import Foundation
import Synchronization

/// One thread of its own that runs the cache's file work in order, off Swift's cooperative pool
/// (and off Dispatch's global queues, which on Linux are the same threads). Work is awaited; a
/// cancelled caller stops waiting at once and the work finishes in the background.
package final class CacheThread: Sendable {
    private enum Job: Sendable {
        case work(@Sendable () -> Void)
        case stop
    }

    /// The jobs waiting, shared with the thread (which must not keep this object alive).
    private final class Queue: Sendable {
        let jobs = Mutex<[Job]>([])
        let wakeUp = DispatchSemaphore(value: 0)
    }

    private let queue = Queue()

    package init(name: String) {
        NamedThread.start(name) { [queue] in
            while true {
                queue.wakeUp.wait()
                guard case .work(let work) = queue.jobs.withLock({ $0.removeFirst() }) else { return }
                work()
            }
        }
    }

    deinit {
        enqueue(.stop)
    }

    private func enqueue(_ job: Job) {
        queue.jobs.withLock { $0.append(job) }
        queue.wakeUp.signal()
    }

    /// Runs `work` on the thread without waiting for it.
    package func post(_ work: @escaping @Sendable () -> Void) {
        enqueue(.work(work))
    }

    /// Runs `work` on the thread and returns its result, or `nil` when the calling task is
    /// cancelled first.
    package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let box = SlotBox<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                box.slot.withLock { $0 = continuation }
                if Task.isCancelled {
                    box.slot.withLock { $0.take() }?.resume(returning: nil)
                    return
                }
                post {
                    let result = work()
                    box.slot.withLock { $0.take() }?.resume(returning: result)
                }
            }
        } onCancel: {
            box.slot.withLock { $0.take() }?.resume(returning: nil)
        }
    }
}

/// Shares one continuation between the work and the cancellation handler; the first to take it resumes it.
private final class SlotBox<T: Sendable>: Sendable {
    let slot = Mutex<CheckedContinuation<T?, Never>?>(nil)
}
