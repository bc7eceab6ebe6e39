import Synchronization

/// Work that must run in order (the HTTP cache's files, freeing a search's leftovers), one job
/// at a time, on a ``BlockingExecutor``'s threads: no thread of its own, and none held while
/// the lane is empty.
package final class SerialLane: Sendable {
    private let executor: BlockingExecutor
    private let state = Mutex<(jobs: [BlockingExecutor.Job], draining: Bool)>(([], false))

    /// A lane whose jobs run on `executor`'s threads.
    package init(on executor: BlockingExecutor = .shared) {
        self.executor = executor
    }

    /// Runs `work` after every job queued before it, as ``BlockingExecutor/run(whenCancelled:_:)`` says.
    package func run<T: Sendable, Failure: Error>(
        whenCancelled: BlockingExecutor.WhenCancelled = .stopWaiting,
        _ work: @escaping @Sendable (OnceFlag) throws(Failure) -> T
    ) async throws -> T {
        try await BlockingExecutor.awaitJob(whenCancelled, work) { job in enqueue(job) }
    }

    /// Runs `work` after every job queued before it, without waiting for it (on the calling
    /// thread when the executor can start no thread: it is never dropped).
    package func post(_ work: @escaping @Sendable () -> Void) {
        enqueue(BlockingExecutor.Job(run: work, fail: { _ in work() }))
    }

    /// Queues `job`; starts the lane's run on the executor when none is going.
    private func enqueue(_ job: BlockingExecutor.Job) {
        let start = state.withLock { state in
            state.jobs.append(job)
            defer { state.draining = true }
            return !state.draining
        }
        guard start else { return }
        executor.enqueue(
            BlockingExecutor.Job(
                run: { [self] in drain() },
                fail: { [self] error in
                    let jobs = state.withLock { state in
                        state.draining = false
                        defer { state.jobs = [] }
                        return state.jobs
                    }
                    for job in jobs { job.fail(error) }
                }))
    }

    /// Runs the queued jobs in order until none is left.
    private func drain() {
        while let job = state.withLock({ state -> BlockingExecutor.Job? in
            guard !state.jobs.isEmpty else {
                state.draining = false
                return nil
            }
            return state.jobs.removeFirst()
        }) {
            job.run()
        }
    }
}
