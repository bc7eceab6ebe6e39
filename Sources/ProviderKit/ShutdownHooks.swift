import Synchronization

/// What must be stopped before the process exits early (on a signal, or when nobody reads its
/// output any more): a provider that leaves something running beside a search, such as the
/// plugins' process groups, says here how to stop it. The program runs them; providers never
/// reach the program, and the program never reaches into a provider module.
public final class ShutdownHooks: Sendable {
    private let hooks = Mutex<[String: @Sendable () -> Void]>([:])

    /// No hooks yet.
    public init() {}

    /// Adds `hook` under `key`, once: many instances of one provider type register one hook.
    /// It must not block for long; it runs on the thread that is ending the process.
    public func add(_ key: String, _ hook: @escaping @Sendable () -> Void) {
        hooks.withLock { hooks in
            if hooks[key] == nil { hooks[key] = hook }
        }
    }

    /// Runs every hook (each may run again on a later call: they are made to be repeated).
    public func runAll() {
        let all = hooks.withLock { Array($0.values) }
        for hook in all { hook() }
    }
}
