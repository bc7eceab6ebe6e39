import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every plugin process group this process has started and not yet reaped, so that a program
/// ending on a signal can kill them all first, whatever its searches are doing.
package final class RunningPlugins: Sendable {
    private struct State {
        var groups: [pid_t: ProcessGroup] = [:]
        var closed = false
    }

    /// The registry every `exec` provider uses.
    package static let shared = RunningPlugins()

    private let state = Mutex(State())

    init() {}

    /// Kills every running plugin's whole process group (SIGKILL) before it returns, and lets
    /// no plugin start afterwards (one still starting is killed as soon as it runs; and every
    /// plugin's supervisor kills it when this process is gone): call it when the program is
    /// about to exit.
    package func killAllAndClose() {
        let groups = state.withLock { state in
            state.closed = true
            return Array(state.groups.values)
        }
        for group in groups { group.kill() }
    }

    /// How many plugin process groups are running (started and not yet reaped).
    package var count: Int { state.withLock { $0.groups.count } }

    /// Runs `start` (which starts a program) and records its group; refuses once closed. A
    /// group that ``killAllAndClose()`` missed because it was still starting is killed as soon
    /// as it is there. Starts run outside the lock, side by side (each waits some 10 ms for its
    /// program to run).
    func register(_ start: () throws(ExecError) -> ProcessGroup) throws(ExecError) -> ProcessGroup {
        guard !state.withLock({ $0.closed }) else { throw .exiting }
        let group = try start()
        let closed = state.withLock { state in
            if !state.closed { state.groups[group.leader] = group }
            return state.closed
        }
        if closed { group.kill() }  // its run ends as killed, and its supervisor is reaped as usual
        return group
    }

    /// Forgets a group whose leader was reaped.
    func remove(_ group: ProcessGroup) {
        _ = state.withLock { $0.groups.removeValue(forKey: group.leader) }
    }
}
