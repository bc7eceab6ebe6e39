import ProviderKit
import Synchronization

/// A few threads of their own for the downloads' file work (naming, fsync, sidecars, copies,
/// the archive), off Swift's cooperative pool; jobs go to them in turn, so fsyncs of several
/// finished files overlap.
final class FileThreads: Sendable {
    private let count: Int
    /// The threads started so far. Each starts with the first job it is given, so the run's first
    /// file job (preparing the folder) waits for one thread to start, not for all of them.
    private let threads = Mutex<[CacheThread]>([])
    private let next = Atomic<Int>(0)

    init(count: Int) {
        self.count = max(1, count)
    }

    /// Runs `work` on the next thread and returns its result; throws `CancellationError` when
    /// the calling task is cancelled first (the work still finishes in the background).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws(DownloadFailure) -> T) async throws -> T {
        let result: Result<T, DownloadFailure>? = await nextThread().run {
            do throws(DownloadFailure) { return .success(try work()) } catch { return .failure(error) }
        }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Like ``run(_:)``, for work that takes over something the caller holds (an open temporary
    /// file) and must not be cut short once begun (naming a file and recording it): when the
    /// caller is cancelled before the work starts, the work is skipped and `unclaimed` runs on a
    /// file thread instead; once it has started, the caller waits for it to end, cancelled or not.
    func run<T: Sendable>(
        _ work: @escaping @Sendable () throws(DownloadFailure) -> T, releasing unclaimed: @escaping @Sendable () -> Void
    ) async throws -> T {
        let pending = Pending<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let abandoned = pending.state.withLock { state in
                    if state.claim == .caller { return true }
                    state.continuation = continuation
                    return false
                }
                if abandoned { return continuation.resume(throwing: CancellationError()) }
                post {
                    guard pending.state.withLock({ $0.claim.take(as: .work) }) else { return }  // the caller left
                    let result: Result<T, any Error>
                    do throws(DownloadFailure) { result = .success(try work()) } catch { result = .failure(error) }
                    pending.state.withLock { $0.continuation.take() }?.resume(with: result)
                }
            }
        } onCancel: {
            let (left, waiting) = pending.state.withLock { state in
                state.claim.take(as: .caller) ? (true, state.continuation.take()) : (false, nil)
            }
            guard left else { return }  // the work has started: it runs to its end
            post(unclaimed)
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Runs `work` and waits for it to end even when the caller is cancelled: for short work
    /// that must not be cut short (a named file's sidecar and archive entry).
    func runToEnd<T: Sendable>(_ work: @escaping @Sendable () throws(DownloadFailure) -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            post {
                do throws(DownloadFailure) {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Runs `work` on the next thread without waiting for it.
    func post(_ work: @escaping @Sendable () -> Void) {
        nextThread().post(work)
    }

    /// The thread whose turn it is: jobs go to the threads in turn.
    private func nextThread() -> CacheThread {
        let index = next.add(1, ordering: .relaxed).oldValue % count
        return threads.withLock { threads in
            while threads.count <= index { threads.append(CacheThread(name: "vf-files-\(threads.count)")) }
            return threads[index]
        }
    }

    /// Who got to decide about a piece of work first: the work itself, or a caller that gave up.
    private enum Claim: Sendable {
        case waiting, work, caller

        /// Takes the claim for `taker` when nobody has; whether it did.
        mutating func take(as taker: Claim) -> Bool {
            guard self == .waiting else { return false }
            self = taker
            return true
        }
    }

    /// Who has claimed a piece of work, and the caller waiting for it.
    private final class Pending<T: Sendable>: Sendable {
        struct State {
            var claim = Claim.waiting
            var continuation: CheckedContinuation<T, any Error>?
        }
        let state = Mutex(State())
    }

    /// Runs `work` on every thread started so far after the jobs already queued there, and waits
    /// for them all.
    func runOnEach(_ work: @escaping @Sendable () -> Void) async {
        for thread in threads.withLock({ $0 }) { _ = await thread.run(work) }
    }
}
