import CLinux
import Foundation

/// Starts threads of our own under names `top -H`, `perf` and debuggers show. Foundation's
/// `Thread.name` does not reach the system on Linux (every thread started from a pool thread
/// showed as Dispatch's `com.apple.root.default-qos`), and its `Thread` costs more to start: a
/// plain POSIX thread, detached, runs its body sooner.
package enum NamedThread {
    /// The longest name Linux keeps, in bytes.
    package static let maximumNameBytes = 15

    /// What a new thread runs: its name and body, handed over as one retained pointer.
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts a thread named `name` (cut to ``maximumNameBytes``) running `body`. A system
    /// out of threads stops the process, as Foundation's `Thread` did: no caller can go on
    /// without the thread it asked for.
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let shown = String(decoding: name.utf8.prefix(maximumNameBytes), as: UTF8.self)
        let start = Unmanaged.passRetained(Start(name: shown, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { pointer in
                guard let pointer else { return nil }
                let start = Unmanaged<Start>.fromOpaque(pointer).takeRetainedValue()
                _ = pthread_setname_np(pthread_self(), start.name)
                start.body()
                return nil
            }, start)
        if status != 0 {
            Unmanaged<Start>.fromOpaque(start).release()
            fatalError("cannot start the thread \(shown): \(String(cString: strerror(status)))")
        }
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
