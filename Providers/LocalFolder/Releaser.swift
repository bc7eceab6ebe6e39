import CLinux
import ProviderKit

/// Lets go of large things a search no longer needs (an index's mapping, a listing's paths, one
/// allocation a file) on a thread of its own, off the search's way to its answer.
enum Releaser {
    private static let thread: CacheThread = {
        let thread = CacheThread(name: "viewfinder-release")
        // Runs only when a core is idle: freeing never competes with the search it follows.
        thread.post { _ = vf_run_only_when_idle() }
        return thread
    }()

    /// Runs `work` (an unmap, say) on the thread.
    static func post(_ work: @escaping @Sendable () -> Void) {
        thread.post(work)
    }

    /// Takes the caller's `value` and frees it on the thread.
    static func release<T: Sendable>(_ value: consuming T) {
        let kept = value
        thread.post { withExtendedLifetime(kept) {} }
    }
}
