#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the calling thread spends in `work`: a check that an input cannot make a reader
/// spin, which a busy machine cannot fail the way it can fail a wall-clock bound.
public func threadCPUTime(_ work: () throws -> Void) rethrows -> Duration {
    func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
    let started = now()
    try work()
    return now() - started
}
