import Synchronization

extension BlockingExecutor {
    /// What a cancelled caller of ``BlockingExecutor/run(whenCancelled:_:)`` does.
    package enum WhenCancelled: Sendable {
        /// Stops waiting at once with `CancellationError`; the work, once queued, still runs (a
        /// write finishing in the background), told through its flag, which it checks to stop
        /// early. Work whose caller was cancelled before it was queued never runs.
        case stopWaiting
        /// Work not yet started never runs and `release` runs instead (it frees what the work
        /// would have taken over); started work is waited for, and its result returned.
        case skipOrWaitForEnd(release: @Sendable () -> Void)
        /// The work runs and is waited for, as if nothing was cancelled (short work that must
        /// not be cut short).
        case waitForEnd
    }

    /// Runs `work` on one of the threads and returns its result or its error. `work` is given a
    /// flag set when the caller is cancelled, to check between steps. Throws
    /// ``NamedThread/StartFailure``, without running it, when no thread can be started.
    package func run<T: Sendable, Failure: Error>(
        whenCancelled: WhenCancelled = .stopWaiting, _ work: @escaping @Sendable (OnceFlag) throws(Failure) -> T
    ) async throws -> T {
        try await Self.awaitJob(whenCancelled, work) { job in enqueue(job) }
    }

    /// Runs `body` to its end (a cancelled caller still waits) and returns the problem it gave in
    /// words, or `nil`: a thread that cannot be started is then the problem.
    package func runReportingProblem(_ body: @escaping @Sendable () -> String?) async -> String? {
        do {
            return try await run(whenCancelled: .waitForEnd) { _ in body() }
        } catch {
            return "\(error)"
        }
    }

    /// Queues `work` with `enqueue` and waits for it as ``run(whenCancelled:_:)`` says: the one
    /// place where blocking work is awaited, for the executor and its ``SerialLane``s.
    static func awaitJob<T: Sendable, Failure: Error>(
        _ whenCancelled: WhenCancelled, _ work: @escaping @Sendable (OnceFlag) throws(Failure) -> T,
        enqueue: (Job) -> Void
    ) async throws -> T {
        let pending = Pending<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard pending.wait(with: continuation) else { return }
                enqueue(
                    Job(
                        run: {
                            guard pending.start() else { return }  // skipped: its caller left and released it
                            let result: Result<T, any Error>
                            do throws(Failure) { result = .success(try work(pending.cancelled)) } catch {
                                result = .failure(error)
                            }
                            pending.end(with: result)
                        }, fail: { pending.end(with: .failure($0)) }))
            }
        } onCancel: {
            pending.cancel(whenCancelled)
        }
    }

    /// One awaited job: who decided first (the job starting, or its caller leaving), and the
    /// caller's continuation, resumed once by whichever ends the wait.
    private final class Pending<T: Sendable>: Sendable {
        private enum Stage {
            case waiting, started, skipped
        }
        private struct State {
            var stage = Stage.waiting
            /// The caller stopped waiting (``WhenCancelled/stopWaiting``).
            var left = false
            var continuation: CheckedContinuation<T, any Error>?
        }

        let cancelled = OnceFlag()
        private let state = Mutex(State())

        /// Keeps `continuation`; `false` (having resumed it) when the caller was already cancelled.
        func wait(with continuation: CheckedContinuation<T, any Error>) -> Bool {
            let skipped = state.withLock { state in
                if state.stage == .skipped || state.left { return true }
                state.continuation = continuation
                return false
            }
            if skipped { continuation.resume(throwing: CancellationError()) }
            return !skipped
        }

        /// Whether the job may start: its caller has not left before it.
        func start() -> Bool {
            state.withLock { state in
                guard state.stage == .waiting else { return false }
                state.stage = .started
                return true
            }
        }

        /// Ends the caller's wait with `result`, unless it already ended.
        func end(with result: Result<T, any Error>) {
            let continuation = state.withLock { state in
                if state.stage == .waiting { state.stage = .skipped }  // a job that can never run
                return state.continuation.take()
            }
            continuation?.resume(with: result)
        }

        /// The caller was cancelled: sets the flag and ends the wait as `whenCancelled` says.
        func cancel(_ whenCancelled: WhenCancelled) {
            cancelled.set()
            if case .waitForEnd = whenCancelled { return }
            let (skipped, continuation) = state.withLock { state in
                guard case .skipOrWaitForEnd = whenCancelled else {
                    state.left = true
                    return (false, state.continuation.take())
                }
                guard state.stage == .waiting else { return (false, nil) }  // started: waited for
                state.stage = .skipped
                return (true, state.continuation.take())
            }
            if skipped, case .skipOrWaitForEnd(let release) = whenCancelled {
                BlockingExecutor.shared.post(release)
            }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
