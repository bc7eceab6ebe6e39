import Dispatch
import ProviderKit
import Synchronization

/// The few threads that start every plugin, and live as long as the process.
///
/// A plugin's supervisor asks the kernel for a signal when its parent dies (`PR_SET_PDEATHSIG`),
/// and Linux sends it when the parent *thread* that started it ends, not the process: a
/// supervisor started from a pool thread that the pool later retires would kill its plugin
/// mid-search. Starting a program also waits until it runs (two `exec`s and a `fork`, some
/// 10 ms), which these threads do instead of Swift's; there are ``threadCount`` of them, so
/// ten plugins of one search start side by side rather than one after another.
enum PluginLauncher {
    /// How many threads start plugins.
    static let threadCount = 4

    private static let jobs = Mutex<[@Sendable () -> Void]>([])
    private static let waiting = DispatchSemaphore(value: 0)
    /// Started on first use, never ended.
    private static let threads: Void = {
        for number in 1...threadCount {
            NamedThread.start("vf-plugin-\(number)") {
                while true {
                    waiting.wait()
                    let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    job?()
                }
            }
        }
    }()

    /// Runs `body` on one of the launcher's threads and returns its result.
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        _ = threads
        return await withCheckedContinuation { continuation in
            jobs.withLock { $0.append { continuation.resume(returning: body()) } }
            waiting.signal()
        }
    }
}
