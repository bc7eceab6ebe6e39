import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A started program's process group: the program and everything it started, in a group whose
/// id is the pid of the program's supervisor (which left the group, so it outlives a kill of
/// the group and cleans up after it).
///
/// Signalling and reaping share one lock, and the supervisor is reaped only right after the
/// whole group was killed. Until then the exited supervisor stays a zombie holding its pid,
/// which is the group's id, so a signal can never reach another process that reused the number.
final class ProcessGroup: Sendable {
    /// The supervisor's pid, which is also the group's id.
    let leader: pid_t
    private let reaped = Mutex(false)

    init(leader: pid_t) {
        self.leader = leader
    }

    /// Kills every process of the group (SIGKILL); nothing once the supervisor was reaped, since
    /// reaping itself killed the group first.
    func kill() {
        reaped.withLock { reaped in
            guard !reaped else { return }
            _ = Glibc.kill(-leader, SIGKILL)
        }
    }

    /// Kills whatever is left of the group, then reaps the supervisor. Only once it has exited.
    func killAndReap() {
        reaped.withLock { reaped in
            guard !reaped else { return }
            _ = Glibc.kill(-leader, SIGKILL)
            var status: Int32 = 0
            while waitpid(leader, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
    }

    /// Whether the supervisor has been reaped.
    var isReaped: Bool { reaped.withLock { $0 } }
}
