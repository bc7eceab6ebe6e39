import CLinux
import ProviderKit
import Synchronization

/// Lets go of large things a search no longer needs (an index's mapping, a listing's paths, one
/// allocation a file) on a thread of its own, off the search's way to its answer.
///
/// The thread runs at SCHED_IDLE, the lowest priority Linux has (a sliver of a busy core, all of
/// an idle one), so freeing hardly competes with the search it follows. It is a
/// ``BlockingExecutor`` of one thread, not a lane of the shared one: a thread without privileges
/// cannot come back from SCHED_IDLE (`sched_setscheduler` needs `RLIMIT_NICE` for that), so the
/// shared threads must never go there. It starts with the first job. A machine kept busy by
/// others slows it, so at most ``backlogLimit`` jobs wait: past that, the caller does the work
/// itself, and what waits to be freed stays bounded (that many listings or mappings).
final class Releaser: Sendable {
    /// The one the searches use.
    static let shared = Releaser(backlogLimit: 8)

    /// The fewest things (paths, records) worth a job: freeing fewer takes less time than the
    /// thread's start (0.1–0.2 ms), which its first job pays.
    static let worthwhileCount = 1_000

    /// The most jobs that wait for the thread.
    let backlogLimit: Int
    private let thread = BlockingExecutor(name: "vf-release", threadLimit: 1) { _ = vf_set_idle_priority() }
    private let waiting = Atomic<Int>(0)

    init(backlogLimit: Int) {
        self.backlogLimit = backlogLimit
    }

    /// Runs `work` (an unmap, say) on the thread; on the calling thread when too many wait.
    func post(_ work: @escaping @Sendable () -> Void) {
        guard waiting.add(1, ordering: .relaxed).newValue <= backlogLimit else {
            waiting.subtract(1, ordering: .relaxed)
            return work()
        }
        thread.post {
            work()
            self.waiting.subtract(1, ordering: .relaxed)
        }
    }

    /// Takes the caller's `value` and frees it on the thread (or here, when too many wait).
    func release<T: Sendable>(_ value: consuming T) {
        let box = Box(value)  // the only reference, emptied by the job wherever it runs
        post { box.empty() }
    }

    /// Holds a value until ``empty()``, so that it is freed where that runs, never by whoever
    /// drops the last reference to the job.
    private final class Box<T: Sendable>: Sendable {
        private let value: Mutex<T?>

        init(_ value: consuming T) {
            self.value = Mutex(value)
        }

        func empty() {
            let taken = value.withLock { $0.take() }
            withExtendedLifetime(taken) {}
        }
    }
}
