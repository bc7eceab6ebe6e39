import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why standard output stopped taking text; the first failure sticks and decides the exit.
enum OutputFailure: Equatable, Sendable {
    /// The reader went away (`| head -1`): EPIPE. A quiet exit with 141, as if killed by SIGPIPE.
    case brokenPipe
    /// Standard output was closed (`>&-`): EBADF. A quiet exit with 1.
    case closed
    /// Any other write error (`> /dev/full`: ENOSPC): a message on standard error and exit 1.
    case failed(errno: Int32)
    /// The results could not be encoded as JSON: a message on standard error and exit 1.
    case unencodable(String)
}

/// Writes standard output and standard error in order on one dedicated thread, with write(2)
/// in a loop (partial writes, EINTR), so a slow reader never blocks Swift's cooperative pool
/// and a failed write is an error to report, never a crash.
///
/// A failed write to standard error is dropped: diagnostics are best effort, and the results
/// on standard output and the exit status still say what happened.
final class OutputPump: @unchecked Sendable {
    static let shared = OutputPump()

    private let condition = NSCondition()
    private var queue: [(descriptor: Int32, bytes: [UInt8])] = []
    private var busy = false
    private var failure: OutputFailure?
    private var failureHandler: (@Sendable () -> Void)?
    /// Whether the thread was started: with the first text queued or the first search watching
    /// for a failure (the thread notices a reader gone while idle), so `--version` starts none.
    private var started = false

    private init() {}

    /// Queues `text` for `descriptor` (standard output or standard error).
    func enqueue(_ text: String, to descriptor: Int32) {
        condition.lock()
        defer { condition.unlock() }
        if descriptor == STDOUT_FILENO, failure != nil { return }
        queue.append((descriptor, Array(text.utf8)))
        startIfNeeded()
        condition.signal()
    }

    /// Starts the thread now unless it runs: a search watches for a failed output from its
    /// start, so the warm-up thread starts it ahead of the search.
    func start() {
        condition.lock()
        startIfNeeded()
        condition.unlock()
    }

    /// Starts the thread unless it runs; called with `condition` locked.
    private func startIfNeeded() {
        guard !started else { return }
        started = true
        NamedThread.start("vf-output") { [unowned self] in self.run() }
    }

    /// Writes `text` to `descriptor` on the calling thread, as the thread would, when nothing
    /// was ever queued (help, version and usage errors: no thread is started for them); else
    /// queues it. The write holds the lock, so text queued meanwhile comes after it.
    func writeHere(_ text: String, to descriptor: Int32) {
        condition.lock()
        guard !started else {
            condition.unlock()
            return enqueue(text, to: descriptor)
        }
        defer { condition.unlock() }
        if descriptor == STDOUT_FILENO, failure != nil { return }
        if let error = Self.writeAll(Array(text.utf8), to: descriptor) { record(error, writing: descriptor) }
    }

    /// Records a failed write to `descriptor` (standard output's first failure sticks); returns
    /// the handler to tell. Called with `condition` locked.
    @discardableResult
    private func record(_ error: Int32, writing descriptor: Int32) -> (@Sendable () -> Void)? {
        guard descriptor == STDOUT_FILENO, failure == nil else { return nil }
        failure =
            switch error {
            case EPIPE: .brokenPipe
            case EBADF: .closed
            default: .failed(errno: error)
            }
        queue.removeAll { $0.descriptor == STDOUT_FILENO }
        return failureHandler
    }

    /// Marks standard output as failed without writing (it was closed before Viewfinder started,
    /// or the results cannot be encoded).
    func fail(_ reason: OutputFailure) {
        condition.lock()
        defer { condition.unlock() }
        if failure == nil { failure = reason }
        queue.removeAll { $0.descriptor == STDOUT_FILENO }
    }

    /// How standard output failed, if it did.
    var outputFailure: OutputFailure? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Calls `handler` (on the output thread) as soon as standard output fails, or now if it
    /// already has; `nil` removes it. A running search uses it to stop its plugins at once.
    func whenOutputFails(_ handler: (@Sendable () -> Void)?) {
        condition.lock()
        failureHandler = handler
        startIfNeeded()
        let failed = failure != nil
        condition.unlock()
        if failed { handler?() }
    }

    /// Waits until everything queued so far has been written (or dropped).
    func drain() {
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty || busy { condition.wait() }
    }

    private func run() {
        let watchesReader = Self.isPipe(STDOUT_FILENO)
        while true {
            condition.lock()
            while queue.isEmpty {
                guard watchesReader, failure == nil else {
                    condition.wait()
                    continue
                }
                // While idle, notice a reader that went away (`| head -1`) without waiting for
                // the next write, so a search that has nothing more to print stops at once.
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.2))
                if queue.isEmpty, Self.readerIsGone(STDOUT_FILENO) {
                    failure = .brokenPipe
                    let notify = failureHandler
                    condition.broadcast()
                    condition.unlock()
                    notify?()
                    condition.lock()
                }
            }
            let item = queue.removeFirst()
            let skip = item.descriptor == STDOUT_FILENO && failure != nil
            busy = true
            condition.unlock()

            let error = skip ? nil : Self.writeAll(item.bytes, to: item.descriptor)

            condition.lock()
            busy = false
            let notify = error.flatMap { record($0, writing: item.descriptor) }
            condition.broadcast()
            condition.unlock()
            notify?()
        }
    }

    /// Whether `descriptor` is a pipe, whose reader can go away.
    private static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFIFO
    }

    /// Whether every reading end of the pipe `descriptor` writes to is closed (POLLERR).
    private static func readerIsGone(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLERR) != 0
    }

    /// Writes every byte, retrying after EINTR and partial writes; the errno of a failure, else `nil`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }
}
