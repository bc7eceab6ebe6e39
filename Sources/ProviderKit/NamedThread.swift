import CLinux
import Foundation

/// Starts threads of our own under names `top -H`, `perf` and debuggers show. Foundation's
/// `Thread.name` does not reach the system on Linux: every thread started from a pool thread
/// showed as Dispatch's `com.apple.root.default-qos`.
package enum NamedThread {
    /// The longest name Linux keeps, in bytes.
    package static let maximumNameBytes = 15

    /// Starts a thread named `name` (cut to ``maximumNameBytes``) running `body`.
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let shown = String(decoding: name.utf8.prefix(maximumNameBytes), as: UTF8.self)
        let thread = Thread {
            _ = pthread_setname_np(pthread_self(), shown)
            body()
        }
        thread.name = shown
        thread.start()
    }

    /// Runs `body` on a new thread named `name` and returns its result: for blocking work
    /// (file system, loading a library) that must not hold a thread of Swift's pool.
    package static func run<Result: Sendable>(_ name: String, _ body: @escaping @Sendable () -> Result) async
        -> Result
    {
        await withCheckedContinuation { continuation in
            start(name) { continuation.resume(returning: body()) }
        }
    }
}
