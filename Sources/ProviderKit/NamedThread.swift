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

    /// Why a thread could not be started: the system is out of threads or memory for stacks.
    package struct StartFailure: Error, CustomStringConvertible {
        package let name: String
        package let code: Int32
        package var description: String {
            "cannot start a thread (\(name)): \(String(cString: strerror(code)))"
        }
    }

    /// Starts one of the process's few fixed threads (output, signals, the libcurl loop, the
    /// warm-up), named `name` (cut to ``maximumNameBytes``), running `body`. A system out of
    /// threads then stops the process: nothing can go on without them. Blocking work never
    /// starts a thread of its own: it runs on ``BlockingExecutor``, which uses
    /// ``tryStart(_:stackSize:_:)`` and reports the failure instead.
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        do {
            try tryStart(name, body)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Starts a thread named `name` (cut to ``maximumNameBytes``) running `body`, or throws
    /// when the system cannot start one; `body` then never runs. `stackSize`, in bytes, is the
    /// system's default when `nil` (tests ask for one no system can give).
    package static func tryStart(
        _ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
    ) throws(StartFailure) {
        let shown = String(decoding: name.utf8.prefix(maximumNameBytes), as: UTF8.self)
        let start = Unmanaged.passRetained(Start(name: shown, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
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
            throw StartFailure(name: shown, code: status)
        }
    }
}
