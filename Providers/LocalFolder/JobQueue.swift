import Foundation
import ProviderKit

/// Jobs run by a fixed set of threads (the caller's and ``BlockingExecutor``'s) until none is
/// left; a job may add more. ``concurrentMap(_:_:)`` runs on it. A walk's listing and its
/// index load share one set, so no thread
/// waits for a level of the folder tree to end, and the cores never have more of the walk's
/// threads than they can run (a thread more than cores, each switch costly on a virtual
/// machine, made a repeat search 11–18% slower on 2 cores).
///
/// Never Dispatch's shared workers: on Linux those also run Swift's tasks.
final class JobQueue: @unchecked Sendable {
    // Every property is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// The next of ``jobs`` to run: they run in the order they were added.
    private var next = 0
    /// Jobs that run before all of ``jobs``, the last added first.
    private var soon: [@Sendable () -> Void] = []
    private var running = 0
    private var threads = 1
    /// Helpers running ``work()``; the caller waits for them once the jobs are done.
    private var helping = 0
    /// Whether the caller's ``work()`` ended: every job has run, and late helpers do nothing.
    private var finished = false
    private let executor: BlockingExecutor

    /// A queue whose helper threads come from `executor`.
    init(executor: BlockingExecutor = .shared) {
        self.executor = executor
    }

    /// Adds a job, run by one of the threads of ``run(threads:)``: by the next that is free,
    /// after the jobs added before it, or before every job added without `soon`.
    func add(soon: Bool = false, _ job: @escaping @Sendable () -> Void) {
        condition.lock()
        if soon { self.soon.append(job) } else { jobs.append(job) }
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs on the calling thread and up to `threads - 1` of ``BlockingExecutor``'s;
    /// returns when every job has run, those added while running included. A helper the
    /// executor starts only after the jobs are done (all its threads busy) finds nothing and
    /// is not waited for, so a run never waits for a thread that other runs hold.
    func run(threads: Int) {
        condition.lock()
        self.threads = max(1, threads)
        condition.unlock()
        for _ in 1..<max(1, threads) {
            executor.post { [self] in
                condition.lock()
                guard !finished else { return condition.unlock() }
                helping += 1
                condition.unlock()
                work()
                condition.lock()
                helping -= 1
                condition.broadcast()
                condition.unlock()
            }
        }
        work()
        condition.lock()
        finished = true
        while helping > 0 { condition.wait() }
        condition.unlock()
    }

    /// Whether a thread has no job, running or waiting: then work split into more jobs finishes
    /// sooner; otherwise splitting only adds hand-overs.
    var hasIdleThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running + soon.count + (jobs.count - next) < threads
    }

    private func work() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let job = soon.popLast() ?? takeNext() {
                running += 1
                condition.unlock()
                job()
                condition.lock()
                running -= 1
            } else if running == 0 {
                condition.broadcast()  // nothing queued, and no job left to add one: all done
                return
            } else {
                condition.wait()
            }
        }
    }

    private func takeNext() -> (@Sendable () -> Void)? {
        guard next < jobs.count else { return nil }
        let job = jobs[next]
        jobs[next] = {}  // what the job holds is let go when it ends, not with the queue
        next += 1
        if next > 1024, next * 2 > jobs.count {  // taken jobs do not pile up in a large walk
            jobs.removeFirst(next)
            next = 0
        }
        return job
    }
}
