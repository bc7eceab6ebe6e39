import Foundation
import ProviderKit
import Synchronization
import TerminalView

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE into calls on a dedicated thread, so a search can
/// stop its plugins before Viewfinder exits; and, while `browse`'s screen runs, SIGWINCH, SIGTSTP
/// and SIGCONT too (``Screen``), with the crash signals putting the terminal back first.
///
/// The C handler only writes the signal's number to a pipe (async-signal-safe); a thread
/// reads it and acts. Handlers, unlike ignored signals, are reset by `exec`, so plugins start
/// with the default dispositions. Without a search running, a signal ends Viewfinder at once,
/// as the default action would; a signal ignored at start (`nohup`) stays ignored. SIGPIPE is
/// always caught and does nothing, so a write to a closed pipe fails with EPIPE and
/// ``OutputPump`` reports it.
enum SignalWatcher {
    /// What a running search does with the signals it receives.
    final class Search: Sendable {
        private struct State {
            var interrupts = 0
            var terminating: Int32?
        }

        private let state = Mutex(State())
        private let cancel: @Sendable () -> Void

        init(cancel: @escaping @Sendable () -> Void) {
            self.cancel = cancel
        }

        /// SIGTERM, SIGHUP or SIGQUIT (Ctrl-\), when one ended the search; Viewfinder then ends by the same signal.
        var terminatingSignal: Int32? { state.withLock { $0.terminating } }

        /// The signal that stopped the work, Ctrl-C's SIGINT included; `nil` when none came.
        var stoppingSignal: Int32? { state.withLock { $0.terminating ?? ($0.interrupts > 0 ? SIGINT : nil) } }

        fileprivate func handle(_ signal: Int32) {
            let first: Bool = state.withLock { state in
                switch signal {
                case SIGINT:
                    state.interrupts += 1
                    return state.interrupts == 1
                default:
                    defer { state.terminating = state.terminating ?? signal }
                    return state.terminating == nil
                }
            }
            // A second signal means "now": exit without waiting for the plugins to be stopped.
            guard first else { SignalWatcher.end(by: signal) }
            cancel()
            // Also for Ctrl-C: printing what arrived can block for good on an output nobody reads.
            SignalWatcher.endIfStillRunning(after: .seconds(5), by: signal)
        }
    }

    /// What `browse`'s screen does with the signals that concern a terminal.
    struct Screen: Sendable {
        /// SIGWINCH: the terminal changed size.
        let resized: @Sendable () -> Void
        /// SIGTSTP (Ctrl-Z): put the terminal back; returns when it is, and Viewfinder then stops.
        let suspend: @Sendable () -> Void
        /// SIGCONT: Viewfinder runs again; take the terminal back.
        let resumed: @Sendable () -> Void
    }

    private static let current = Mutex<Search?>(nil)
    private static let screen = Mutex<Screen?>(nil)
    private static let screenSignalsInstalled = Mutex(false)

    /// Routes SIGWINCH, SIGTSTP and SIGCONT to `screen` until ``endScreen()``, and has a crash
    /// signal put the terminal back before Swift's own handler reports it. Call after ``install()``
    /// and before the screen starts (ncurses then leaves these signals to us).
    static func begin(_ screen: Screen) {
        self.screen.withLock { $0 = screen }
        let isFirst = screenSignalsInstalled.withLock { installed in
            defer { installed = true }
            return !installed
        }
        guard isFirst else { return }
        for signal in [SIGWINCH, SIGTSTP, SIGCONT] where !isIgnored(signal) { forward(signal) }
        CursesScreen.guardCrashSignals()
    }

    /// Stops routing the screen's signals: SIGTSTP stops Viewfinder as it would by default.
    static func endScreen() {
        screen.withLock { $0 = nil }
    }

    /// Has `signal` written to the pipe.
    private static func forward(_ signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forwardSignal
        #else
            action.__sigaction_u.__sa_handler = forwardSignal
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }

    /// SIGTSTP's own action, after the screen put the terminal back: stop until SIGCONT.
    private static func stopSelf() {
        signal(SIGTSTP, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)  // to this thread: the process stops before raise returns
        forward(SIGTSTP)
    }
    /// What the providers ask to have stopped before Viewfinder ends by a signal.
    private static let exitHooks = Mutex<ShutdownHooks?>(nil)

    /// Runs `hooks` (the bus's providers') before Viewfinder ends by a signal.
    static func runBeforeExit(_ hooks: ShutdownHooks) {
        exitHooks.withLock { $0 = hooks }
    }
    private static let started = Mutex(false)

    /// Installs the handlers and starts the watching thread; call before a command runs (help
    /// and the version, which start no thread, never call it). Later calls return once the
    /// first has installed them (the warm-up thread installs them ahead of a search read by
    /// hand): a search on Swift's pool may wait that long, a pipe, a thread's start and five
    /// `sigaction`s, never a read or a write.
    static func install() {
        started.withLock { started in
            guard !started else { return }
            started = true
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            signalPipeWriteEnd.store(ends[1], ordering: .relaxed)
            let readEnd = ends[0]
            NamedThread.start("vf-signals") { watch(readEnd) }
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] where signal == SIGPIPE || !isIgnored(signal) {
                forward(signal)
            }
        }
    }

    /// Whether `signal` was ignored when Viewfinder started (`nohup` ignores SIGHUP, a shell
    /// without job control ignores SIGINT for background commands): it then stays ignored.
    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Routes the signals to `search` until ``end(_:)``.
    static func begin(_ search: Search) {
        current.withLock { $0 = search }
    }

    /// Stops routing signals to a search: from now on they end Viewfinder at once.
    static func end(_ search: Search) {
        current.withLock { if $0 === search { $0 = nil } }
    }

    private static func watch(_ readEnd: Int32) {
        takeSignals()
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return }
            let signal = Int32(byte)
            if signal == SIGPIPE { continue }
            if signal == SIGWINCH || signal == SIGTSTP || signal == SIGCONT {
                let screen = Self.screen.withLock { $0 }
                switch signal {
                case SIGWINCH: screen?.resized()
                case SIGCONT: screen?.resumed()
                default:
                    screen?.suspend()
                    stopSelf()
                }
                continue
            }
            if let search = current.withLock({ $0 }) {
                search.handle(signal)
            } else {
                end(by: signal)
            }
        }
    }

    /// Unblocks the signals this thread watches, for this thread: a parent may start
    /// Viewfinder with them blocked (Foundation's `Process` on Linux passes on the mask of the
    /// thread that starts it, and Dispatch's threads block nearly every signal), and every
    /// thread then inherits the mask. This thread, waiting in `read`, can then always take
    /// them; otherwise only the main thread did, once it waited in `dispatch_main`.
    private static func takeSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH, SIGTSTP, SIGCONT] {
            sigaddset(&set, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Ends Viewfinder as `signal`'s default action would, so the parent sees it killed by the
    /// signal (a shell then reports 128 + its number, and stops a loop on Ctrl-C).
    static func end(by number: Int32) -> Never {
        exitHooks.withLock { $0 }?.runAll()  // no plugin outlives Viewfinder, however it ends
        CursesScreen.restoreNow()  // nor a terminal left in `browse`'s modes
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        kill(getpid(), number)
        _exit(128 + number)  // not reached unless the signal could not be raised
    }

    /// The last resort if stopping the search hangs: end anyway after `delay`.
    fileprivate static func endIfStillRunning(after delay: Duration, by signal: Int32) {
        NamedThread.start("vf-last-resort") {
            Thread.sleep(forTimeInterval: Double(delay.components.seconds))
            end(by: signal)
        }
    }
}

/// The write end of the signal pipe, read by the C handler.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The C signal handler: writes the signal's number to the pipe and nothing else.
private func forwardSignal(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
    errno = saved
}
