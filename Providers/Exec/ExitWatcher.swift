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
/// a Dispatch or Swift concurrency worker, whose pools a blocked thread would starve.
enum ExitWatcher {
    /// Watches `pid` until it exits; `onExit` then runs once on `queue`. The watch cannot be
    /// cancelled: its handler is what lets the child be reaped. `usePidfd: false` forces the thread.
    static func watch(
        pid: pid_t, queue: DispatchQueue, usePidfd: Bool = true, onExit: @escaping @Sendable (ExitStatus) -> Void
    ) {
        guard usePidfd, let descriptor = openPidfd(pid) else {
            NamedThread.start("vf-wait-\(pid)") {
                while true {
                    if let status = Self.exitStatus(of: pid, blocking: true) {
                        queue.async { onExit(status) }
                        return
                    }
                    guard errno == EINTR else {
                        queue.async { onExit(.unknown) }  // not our child any more: nothing to wait for
                        return
                    }
                }
            }
            return
        }
        // The handler holds the source until it cancels it: the watch lasts until the child exits.
        nonisolated(unsafe) let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            guard !source.isCancelled else { return }
            let status = exitStatus(of: pid, blocking: false)
            if status == nil && errno != ECHILD { return }  // not exited yet; wait for the next event
            source.cancel()
            onExit(status ?? .unknown)
        }
        source.setCancelHandler { close(descriptor) }
        source.activate()
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
