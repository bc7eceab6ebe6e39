import CCurl
import CLinux
import Foundation
import Synchronization

/// One libcurl multi handle, driven by one thread (started with its first transfer, or earlier
/// by ``start()``), for the transfers its client gives it (``CurlLoopChoice`` picks the loop).
///
/// The multi handle is used only on the loop's thread; other threads only queue commands
/// (under a mutex) and wake the loop, when it waits. An easy handle is set up by the task that
/// makes its transfer, before it is queued, and from then until the transfer ends only the
/// loop's thread touches it. Connections are kept in the multi handle's cache
/// and reused across requests to the same host; many transfers in flight share the one thread.
///
/// The loop is also a task executor: a task that prefers it runs its code on the loop's thread,
/// between the loop's turns, so its requests start and its answers arrive with no hand-off
/// between threads (``CurlHTTPClient/preferredExecutor(for:)``). Once the loop cannot run (shut
/// down, or libcurl missing), such tasks run on Swift's pool instead.
final class CurlMultiLoop: @unchecked Sendable {
    private enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer, requested: ContinuousClock.Instant)
        case shutdown
        /// Runs a job of a task that prefers this loop as its executor.
        case run(UnownedJob)
    }

    private struct Queue {
        var commands: [Command] = []
        /// Whether the loop thread waits (or is about to) in `curl_multi_poll`: only then does a
        /// command need to wake it. Many transfers at once then cost no wake-up each.
        var waiting = false
        /// Why the loop cannot run transfers (libcurl could not be loaded, or made no multi
        /// handle, or the loop was shut down): set once; every command is then refused.
        var unusable: String?
    }

    private let queue = Mutex(Queue())
    /// Written to wake the loop from its poll: an eventfd, two light system calls a wake-up
    /// where libcurl's own (`curl_multi_wakeup`, a socket pair) costs three heavier ones; -1
    /// when none could be made, and libcurl's serves.
    private let wakeup: Int32
    /// The multi handle, made by the loop thread as it starts (libcurl may still be loading
    /// before); other threads read it only to wake the loop when there is no eventfd.
    private let sharedMulti = Atomic<UnsafeMutableRawPointer?>(nil)
    private let maxConnections: Int
    // Loop thread only:
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var shuttingDown = false

    private let onAbort: @Sendable (CurlTransfer, Duration) -> Void
    /// Whether the thread was started (by ``start()`` or the first command), or the loop shut
    /// down without one.
    private let started = Mutex(false)

    /// A loop whose thread starts with its first transfer or ``start()``; `maxConnections` caps
    /// the connection cache. `onAbort` hears, on the loop thread, how long after the cancel
    /// request each cancelled transfer was aborted.
    init(maxConnections: Int, onAbort: @escaping @Sendable (CurlTransfer, Duration) -> Void) {
        self.onAbort = onAbort
        self.maxConnections = maxConnections
        wakeup = vf_wakeup_descriptor()
    }

    /// Queues `transfer`; its continuation is resumed on the loop thread when it ends, or here
    /// when the loop cannot run transfers.
    func submit(_ transfer: CurlTransfer) {
        if let problem = send(.add(transfer)) {
            transfer.finish(.failure(HTTPClientError(.other, "\(transfer.request.redactedDescription): \(problem)")))
        }
    }

    /// Aborts `transfer` if it is still running; it then ends with `CancellationError`.
    func cancel(_ transfer: CurlTransfer) { send(.cancel(transfer, requested: ContinuousClock.now)) }

    /// Whether the loop's thread was started (or the loop shut down before it was).
    var isStarted: Bool { started.withLock { $0 } }

    /// Starts the loop's thread now rather than with the first command; then it waits for one.
    func start() {
        if takeStart() { startThread() }
    }

    /// Whether this caller is the one to start the thread (none has yet).
    private func takeStart() -> Bool {
        started.withLock { started in
            defer { started = true }
            return !started
        }
    }

    private func startThread() {
        NamedThread.start("vf-http") { [self] in
            guard let multi = makeMulti() else { return }
            run(multi)
        }
    }

    /// Lets the loop finish its transfers and exit; commands that come once it has are refused
    /// (a job then runs on Swift's pool).
    func shutdown() {
        // A loop shut down never starts.
        if takeStart() {
            refuseCommands(Self.shutDown)
        } else {
            send(.shutdown)
        }
    }

    private static let shutDown = "the HTTP client was shut down"

    /// Closed only once no thread can write to it: the loop's thread holds the loop while it runs,
    /// and every sender holds it too.
    deinit {
        if wakeup >= 0 { close(wakeup) }
    }

    /// Queues `command` and wakes or starts the loop; returns why the loop cannot run
    /// transfers instead when it cannot (the caller then deals with the command).
    @discardableResult
    private func send(_ command: Command) -> String? {
        let (waiting, refused) = queue.withLock { queue -> (Bool, String?) in
            if let problem = queue.unusable { return (false, problem) }
            queue.commands.append(command)
            defer { queue.waiting = false }
            return (queue.waiting, nil)
        }
        if let refused { return refused }
        if takeStart() {
            startThread()
        } else if waiting {
            wake()
        }
        return nil
    }

    /// Loads libcurl if no one has yet and makes the multi handle; when it cannot, refuses the
    /// commands queued meanwhile and every later one, and returns `nil`.
    private func makeMulti() -> UnsafeMutableRawPointer? {
        let reason: String
        if let failure = CurlLibrary.load() {
            reason = failure
        } else if let multi = vf_curl_multi_init() {
            _ = vf_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
            _ = vf_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            sharedMulti.store(multi, ordering: .releasing)
            return multi
        } else {
            reason = "libcurl could not start (curl_multi_init failed)"
        }
        refuseCommands(reason)
        return nil
    }

    /// Marks the loop unusable for `reason` and deals with the commands it will now never run:
    /// their transfers fail, their jobs go to Swift's pool.
    private func refuseCommands(_ reason: String) {
        let pending = queue.withLock { queue in
            queue.unusable = reason
            defer { queue.commands.removeAll() }
            return queue.commands
        }
        for command in pending {
            switch command {
            case .add(let transfer):
                transfer.finish(.failure(HTTPClientError(.other, "\(transfer.request.redactedDescription): \(reason)")))
            case .run(let job): globalConcurrentExecutor.enqueue(job)
            case .cancel, .shutdown: break
            }
        }
    }

    private func wake() {
        guard wakeup >= 0 else {
            // Set before the loop first waits, so before anyone sees it waiting; used under the
            // queue's lock, which the loop takes to clear it before freeing the handle.
            queue.withLock { _ in
                if let multi = sharedMulti.load(ordering: .acquiring) { vf_curl_multi_wakeup(multi) }
            }
            return
        }
        var one: UInt64 = 1
        _ = write(wakeup, &one, MemoryLayout<UInt64>.size)
    }

    private func run(_ multi: UnsafeMutableRawPointer) {
        var running: Int32 = 0
        var woken = curl_waitfd(fd: wakeup, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        while true {
            for command in queue.withLock({ queue in
                queue.waiting = false
                defer { queue.commands.removeAll() }
                return queue.commands
            }) {
                apply(command, multi)
            }
            if shuttingDown && transfers.isEmpty { break }
            vf_curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = vf_curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                finish(easy, result: vf_message_result(message), multi)
            }
            // Waits only when no command came meanwhile; one that comes later wakes the poll.
            guard
                queue.withLock({ queue in
                    queue.waiting = queue.commands.isEmpty
                    return queue.waiting
                })
            else { continue }
            if wakeup >= 0 {
                woken.revents = 0
                vf_curl_multi_poll(multi, &woken, 1, 1000, nil)
                if woken.revents != 0 {
                    var count: UInt64 = 0
                    _ = read(wakeup, &count, MemoryLayout<UInt64>.size)
                }
            } else {
                vf_curl_multi_poll(multi, nil, 0, 1000, nil)
            }
        }
        // Jobs queued meanwhile run elsewhere, and no later command waits for this thread.
        refuseCommands(Self.shutDown)
        queue.withLock { _ in sharedMulti.store(nil, ordering: .relaxed) }  // no wake-up reaches a freed handle
        vf_curl_multi_cleanup(multi)
    }

    private func apply(_ command: Command, _ multi: UnsafeMutableRawPointer) {
        switch command {
        case .add(let transfer):
            if transfer.cancelRequested {
                transfer.finish(.failure(CancellationError()))
            } else if let problem = transfer.restartSink() {
                transfer.finish(
                    .failure(HTTPClientError(.fileSystem, "\(transfer.request.redactedDescription): \(problem)")))
            } else if vf_curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
                transfers[transfer.easy] = transfer
            } else {
                transfer.finish(
                    .failure(
                        HTTPClientError(
                            .other, "\(transfer.request.redactedDescription): libcurl could not start the transfer")))
            }
        case .cancel(let transfer, let requested):
            transfer.cancelRequested = true
            if transfers.removeValue(forKey: transfer.easy) != nil {
                vf_curl_multi_remove_handle(multi, transfer.easy)
                onAbort(transfer, ContinuousClock.now - requested)
                transfer.finish(.failure(CancellationError()))
            }
        case .shutdown:
            shuttingDown = true
        case .run(let job):
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func finish(_ easy: UnsafeMutableRawPointer, result: CURLcode, _ multi: UnsafeMutableRawPointer) {
        guard let transfer = transfers.removeValue(forKey: easy) else { return }
        vf_curl_multi_remove_handle(multi, easy)
        transfer.finish(result: result)
    }
}

extension CurlMultiLoop: TaskExecutor {
    /// Runs `job` on the loop's thread at its next turn, or on Swift's pool when the loop cannot run.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if send(.run(job)) != nil { globalConcurrentExecutor.enqueue(job) }
    }
}
