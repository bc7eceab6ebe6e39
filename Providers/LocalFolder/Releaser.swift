import CLinux
import ProviderKit
import Synchronization

/// Lets go of large things a search no longer needs (an index's mapping, a listing's paths, one
/// allocation a file) on a thread of its own, off the search's way to its answer.
///
/// The thread runs only when a core is idle, so freeing never competes with the search it
/// follows. A machine busy for long (other processes at full load) could starve it, so at most
/// ``backlogLimit`` jobs wait: past that, the caller does the work itself, and memory stays bounded.
final class Releaser: Sendable {
    /// The one the searches use.
    static let shared = Releaser(backlogLimit: 8)

    /// The most jobs that wait for the thread.
    let backlogLimit: Int
    private let thread = CacheThread(name: "viewfinder-release")
    private let waiting = Atomic<Int>(0)

    init(backlogLimit: Int) {
        self.backlogLimit = backlogLimit
        thread.post { _ = vf_run_only_when_idle() }
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
        let kept = value
        post { withExtendedLifetime(kept) {} }
    }
}
