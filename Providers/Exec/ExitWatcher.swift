import Dispatch
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a program ended.
enum ExitStatus: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// Something else in the process reaped the child first; how it ended is unknown.
    case unknown
}

/// Tells once that a child process has exited, WITHOUT reaping it: until ``ProcessGroup/reap()``
/// the exited child stays a zombie, so its pid (the id of its process group) cannot be reused
/// and the group can still be signalled safely.
///
/// No thread waits: a pidfd (Linux 5.3 and later) becomes readable on a Dispatch source when the
/// child exits. Where there is no pidfd, one dedicated thread per child waits in `waitid`; never
/// a Dispatch or Swift concurrency worker, whose pools a blocked thread would starve. Where no
/// thread can be started either (the system's limit reached), a timer on `queue` looks every
/// ``pollInterval``: the child is still noticed, and the process does not stop.
enum ExitWatcher {
    /// How an exit is noticed; each falls back to the next when the system cannot do it.
    enum Method: Sendable {
        /// A pidfd on a Dispatch source.
        case pidfd
        /// A thread of the child's own, waiting in `waitid`.
        case thread
        /// A timer on the queue, asking without waiting.
        case polling
    }

    /// How often ``Method/polling`` asks.
    static let pollInterval = DispatchTimeInterval.milliseconds(10)

    /// Watches `pid` until it exits; `onExit` then runs once on `queue`. The watch cannot be
    /// cancelled: its handler is what lets the child be reaped. `method` is the first way tried.
    static func watch(
        pid: pid_t, queue: DispatchQueue, method: Method = .pidfd,
        onExit: @escaping @Sendable (ExitStatus) -> Void
    ) {
        if method == .pidfd, let descriptor = openPidfd(pid) {
            watch(pid: pid, pidfd: descriptor, queue: queue, onExit: onExit)
            return
        }
        if method != .polling {
            do throws(NamedThread.StartFailure) {
                try NamedThread.tryStart("vf-wait-\(pid)") { wait(for: pid, queue: queue, onExit: onExit) }
                return
            } catch {}  // no thread to be had: the timer below
        }
        poll(pid: pid, queue: queue, onExit: onExit)
    }

    /// Waits in `waitid` (on a thread of the child's own) until `pid` exits.
    private static func wait(for pid: pid_t, queue: DispatchQueue, onExit: @escaping @Sendable (ExitStatus) -> Void) {
        while true {
            if let status = exitStatus(of: pid, blocking: true) {
                queue.async { onExit(status) }
                return
            }
            guard errno == EINTR else {
                queue.async { onExit(.unknown) }  // not our child any more: nothing to wait for
                return
            }
        }
    }

    /// Asks every ``pollInterval``, on `queue`, whether `pid` has exited.
    private static func poll(pid: pid_t, queue: DispatchQueue, onExit: @escaping @Sendable (ExitStatus) -> Void) {
        // The handler holds the timer until it cancels it, as the pidfd's source is held.
        nonisolated(unsafe) let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { endWatch(timer, ifExited: pid, onExit: onExit) }
        timer.schedule(deadline: .now() + pollInterval, repeating: pollInterval, leeway: .milliseconds(5))
        timer.activate()
    }

    /// Watches `pid` through its pidfd `descriptor`, which the watch closes.
    private static func watch(
        pid: pid_t, pidfd descriptor: Int32, queue: DispatchQueue, onExit: @escaping @Sendable (ExitStatus) -> Void
    ) {
        // The handler holds the source until it cancels it: the watch lasts until the child exits.
        nonisolated(unsafe) let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { endWatch(source, ifExited: pid, onExit: onExit) }
        source.setCancelHandler { close(descriptor) }
        source.activate()
    }

    /// A watch's event: when `pid` has exited (or is no longer our child), cancels the watch's
    /// `source` and tells `onExit`; otherwise waits for the next event.
    private static func endWatch(
        _ source: any DispatchSourceProtocol, ifExited pid: pid_t, onExit: @Sendable (ExitStatus) -> Void
    ) {
        guard !source.isCancelled else { return }
        let status = exitStatus(of: pid, blocking: false)
        if status == nil && errno != ECHILD { return }  // not exited yet
        source.cancel()
        onExit(status ?? .unknown)
    }

    /// The child's exit status, leaving it unreaped; `nil` (with `errno`) while it runs or on error.
    private static func exitStatus(of pid: pid_t, blocking: Bool) -> ExitStatus? {
        var info = siginfo_t()
        let flags = WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG)
        guard waitid(P_PID, id_t(pid), &info, flags) == 0 else { return nil }
        let child = info._sifields._sigchld
        guard child.si_pid == pid else {
            errno = 0
            return nil  // WNOHANG and still running
        }
        return info.si_code == Int32(CLD_EXITED) ? .exited(child.si_status) : .signalled(child.si_status)
    }

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// `pidfd_open(2)`, looked up at run time: glibc 2.36 has it, older systems may not.
    private static let pidfdOpen: PidfdOpen? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: PidfdOpen.self)
    }()

    private static func openPidfd(_ pid: pid_t) -> Int32? {
        guard let pidfdOpen else { return nil }
        let descriptor = pidfdOpen(pid, 0)
        return descriptor >= 0 ? descriptor : nil  // close-on-exec already
    }
}
