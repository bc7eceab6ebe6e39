#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's signal mask, cleared while a program is started from it.
///
/// A started program inherits the mask of the thread that starts it, and the mask Viewfinder's
/// threads have is rarely empty: Dispatch's threads block nearly every signal, and a parent may
/// have started Viewfinder with signals blocked (Foundation's `Process` on Linux passes on its
/// thread's). A browser or server started with SIGTERM blocked would not stop when asked.
/// Foundation's `Process` cannot be told to reset it, so its `run()` goes through this.
package enum SignalMask {
    /// Runs `body` (which starts a program) with no signal blocked on this thread, then
    /// restores the mask. A signal arriving meanwhile is handled on this thread as on any other.
    package static func clearedWhile<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
