import CCurl
import CLinux
import Foundation
import Synchronization

/// One libcurl multi handle, driven by one thread (started with its first transfer), for the
/// transfers its client gives it (``CurlLoopChoice`` picks the loop).
///
/// All libcurl calls happen on the loop's thread; other threads only queue commands
/// (under a mutex) and wake the loop, when it waits. Connections are kept in the multi handle's cache
/// and reused across requests to the same host; many transfers in flight share the one thread.
final class CurlMultiLoop: @unchecked Sendable {
    private enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer, requested: ContinuousClock.Instant)
        case shutdown
    }

    private struct Queue {
        var commands: [Command] = []
        /// Whether the loop thread waits (or is about to) in `curl_multi_poll`: only then does a
        /// command need to wake it. Many transfers at once then cost no wake-up each.
        var waiting = false
    }

    private let queue = Mutex(Queue())
    /// Written to wake the loop from its poll: an eventfd, two light system calls a wake-up
    /// where libcurl's own (`curl_multi_wakeup`, a socket pair) costs three heavier ones; -1
    /// when none could be made, and libcurl's serves.
    private let wakeup: Int32
    /// `nil` when libcurl could not make a multi handle: every transfer then fails with an error.
    private let multi: UnsafeMutableRawPointer?
    // Loop thread only:
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var shuttingDown = false

    private let onAbort: @Sendable (CurlTransfer, Duration) -> Void
    /// Whether the thread was started (at the first command), or the loop shut down without one.
    private let started = Mutex(false)

    /// A loop whose thread starts with its first transfer; `maxConnections` caps the connection
    /// cache. `onAbort` hears, on the loop thread, how long after the cancel request each
    /// cancelled transfer was aborted.
    init(maxConnections: Int, onAbort: @escaping @Sendable (CurlTransfer, Duration) -> Void) {
        self.onAbort = onAbort
        wakeup = vf_wakeup_descriptor()
        multi = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK ? curl_multi_init() : nil
        guard let multi else { return }
        _ = vf_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
        _ = vf_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    /// Queues `transfer`; its continuation is resumed on the loop thread when it ends.
    func submit(_ transfer: CurlTransfer) {
        guard multi != nil else {
            transfer.finish(
                .failure(
                    HTTPClientError(
                        .other,
                        "\(transfer.request.redactedDescription): libcurl could not start (curl_multi_init failed)")))
            return
        }
        send(.add(transfer))
    }

    /// Aborts `transfer` if it is still running; it then ends with `CancellationError`.
    func cancel(_ transfer: CurlTransfer) { send(.cancel(transfer, requested: ContinuousClock.now)) }

    /// Lets the loop finish its transfers and exit.
    func shutdown() {
        guard multi != nil else { return release() }
        let running = started.withLock { started in
            defer { started = true }  // a loop shut down never starts
            return started
        }
        if running { send(.shutdown) } else { release() }
    }

    /// Frees the multi handle and the wake-up descriptor: when the loop ends, or at a shutdown
    /// before it ever started.
    private func release() {
        if let multi { curl_multi_cleanup(multi) }
        if wakeup >= 0 { close(wakeup) }
    }

    private func send(_ command: Command) {
        guard let multi else { return }
        let waiting = queue.withLock { queue in
            queue.commands.append(command)
            defer { queue.waiting = false }
            return queue.waiting
        }
        let start = started.withLock { started in
            defer { started = true }
            return !started
        }
        if start {
            NamedThread.start("vf-http") { [self] in
                guard let multi = self.multi else { return }
                run(multi)
            }
        } else if waiting {
            wake(multi)
        }
    }

    private func wake(_ multi: UnsafeMutableRawPointer) {
        guard wakeup >= 0 else {
            curl_multi_wakeup(multi)
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
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
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
                curl_multi_poll(multi, &woken, 1, 1000, nil)
                if woken.revents != 0 {
                    var count: UInt64 = 0
                    _ = read(wakeup, &count, MemoryLayout<UInt64>.size)
                }
            } else {
                curl_multi_poll(multi, nil, 0, 1000, nil)
            }
        }
        release()
    }

    private func apply(_ command: Command, _ multi: UnsafeMutableRawPointer) {
        switch command {
        case .add(let transfer):
            if transfer.cancelRequested {
                transfer.finish(.failure(CancellationError()))
            } else if let problem = transfer.restartSink() {
                transfer.finish(
                    .failure(HTTPClientError(.fileSystem, "\(transfer.request.redactedDescription): \(problem)")))
            } else if curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
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
                curl_multi_remove_handle(multi, transfer.easy)
                onAbort(transfer, ContinuousClock.now - requested)
                transfer.finish(.failure(CancellationError()))
            }
        case .shutdown:
            shuttingDown = true
        }
    }

    private func finish(_ easy: UnsafeMutableRawPointer, result: CURLcode, _ multi: UnsafeMutableRawPointer) {
        guard let transfer = transfers.removeValue(forKey: easy) else { return }
        curl_multi_remove_handle(multi, easy)
        transfer.finish(result: result)
    }
}
