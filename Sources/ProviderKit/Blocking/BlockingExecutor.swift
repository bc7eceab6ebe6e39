import Dispatch
import Synchronization

/// The one way Viewfinder runs blocking work (file system, fsync, loading a library, starting a
/// plugin): a bounded set of long-lived threads of its own, off Swift's cooperative pool and off
/// Dispatch's global queues (on Linux the same threads), taking jobs from one queue in order.
///
/// Threads are started as work needs them, one at a time, up to ``threadLimit``: as many as
/// work ran at once, which the callers bound (a folder walk uses as many as there are cores, a
/// download its placements), so the limit is rarely reached; it is high (64 for the shared one)
/// so that a few reads stuck for good leave room for the rest. None is started before the
/// first job (`viewfinder --version` and `--help` start none), and none ever ends: a plugin
/// started from one keeps its parent-death signal (`PR_SET_PDEATHSIG` follows the thread that
/// started it, so a thread that ended would kill its plugins). With every thread busy, jobs wait
/// their turn; a caller that is cancelled stops waiting at once (see ``run(whenCancelled:_:)``).
///
/// A read the kernel never answers (a dead NFS server) holds its thread for good: the work was
/// abandoned by its caller, and the executor has one thread fewer until it returns; with all
/// of them held, new work waits, and its callers' timeouts end their waits. Files are opened
/// non-blocking, so a FIFO cannot do this.
///
/// When no thread can be started and none is running, the work fails with a
/// ``NamedThread/StartFailure`` ("cannot start a thread (vf-work-1): Resource temporarily
/// unavailable"), never a crash; with some running, it waits for them.
package final class BlockingExecutor: Sendable {
    /// The executor all blocking work shares.
    package static let shared = BlockingExecutor(name: "vf-work", threadLimit: 64)

    /// The threads' name, numbered from 1 (`vf-work-1`).
    package let name: String
    /// The most threads it starts.
    package let threadLimit: Int
    private let stackSize: Int?
    private let atThreadStart: (@Sendable () -> Void)?
    private let state = Mutex(State())
    /// Counts jobs queued and not yet taken; a thread waits on it for the next.
    private let jobsQueued = DispatchSemaphore(value: 0)

    /// A queued piece of work, and what tells its caller when it can never run.
    struct Job: Sendable {
        let run: @Sendable () -> Void
        let fail: @Sendable (NamedThread.StartFailure) -> Void

        /// What stands in a taken job's place, so what the job holds is let go when it ends.
        static let taken = Job(run: {}, fail: { _ in })
    }

    private struct State {
        var jobs: [Job] = []
        /// The first of ``jobs`` not yet taken (taken ones are dropped in batches).
        var next = 0
        var threads = 0
        /// Threads started (or starting) that are not running a job.
        var idle = 0

        var waiting: Int { jobs.count - next }
    }

    /// An executor of up to `threadLimit` threads named `name-N`. `stackSize` (bytes) is the
    /// system's default when `nil`; `atThreadStart` runs first on each new thread (a priority).
    /// Its threads never end, so it lives as long as the process: make few (the shared one,
    /// the release thread).
    package init(
        name: String, threadLimit: Int, stackSize: Int? = nil, atThreadStart: (@Sendable () -> Void)? = nil
    ) {
        self.name = name
        self.threadLimit = max(1, threadLimit)
        self.stackSize = stackSize
        self.atThreadStart = atThreadStart
    }

    /// How many threads it has started so far.
    package var threadCount: Int { state.withLock { $0.threads } }

    /// Runs `work` on one of the threads without waiting for it. When no thread can be started
    /// and none is running, it runs on the calling thread instead (or on the thread that found
    /// none could be started): it is never dropped.
    package func post(_ work: @escaping @Sendable () -> Void) {
        enqueue(Job(run: work, fail: { _ in work() }))
    }

    /// Queues `job`, starting a thread for it when every thread is busy and the limit allows;
    /// when none can be started and none is running, every queued job fails.
    func enqueue(_ job: Job) {
        let number = state.withLock { state -> Int? in
            state.jobs.append(job)
            guard state.waiting > state.idle, state.threads < threadLimit else { return nil }
            state.threads += 1
            state.idle += 1
            return state.threads
        }
        jobsQueued.signal()
        guard let number else { return }
        do throws(NamedThread.StartFailure) {
            try NamedThread.tryStart("\(name)-\(number)", stackSize: stackSize) { [self] in work() }
        } catch {
            let abandoned = state.withLock { state -> [Job] in
                state.threads -= 1
                state.idle -= 1
                guard state.threads == 0 else { return [] }  // the running ones will get to it
                defer {
                    state.jobs = []
                    state.next = 0
                }
                return Array(state.jobs[state.next...])
            }
            for job in abandoned { job.fail(error) }
        }
    }

    /// A thread's life: the next job, for ever.
    private func work() {
        atThreadStart?()
        while true {
            jobsQueued.wait()
            let job = state.withLock { state -> Job? in
                guard state.waiting > 0 else { return nil }  // failed and dropped
                let job = state.jobs[state.next]
                state.jobs[state.next] = .taken
                state.next += 1
                if state.next == state.jobs.count || state.next > 1024 {
                    state.jobs.removeFirst(state.next)
                    state.next = 0
                }
                state.idle -= 1
                return job
            }
            guard let job else { continue }
            job.run()
            state.withLock { $0.idle += 1 }
        }
    }
}
