import CCurses
import Dispatch
import ProviderKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal, driven by ncursesw from one thread of its own that owns it: it waits on
/// standard input and on a wake-up pipe (so no read or write blocks Swift's pool), decodes
/// keys with ncurses, and draws the newest frame it was handed. Everything else talks to it
/// through ``show(_:)`` and the other calls, which only leave a note and wake the thread.
package final class CursesScreen: Sendable {
    /// What the screen reports.
    package enum Event: Sendable, Equatable {
        case key(BrowseKey)
        /// The terminal's size, at start and after every change.
        case size(rows: Int, columns: Int)
        /// Standard input ended (the terminal went away).
        case endOfInput
    }

    /// Why the screen could not start.
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    private struct Pending {
        var frame: BrowseFrame?
        var picture: ScreenPicture?
        /// How many pictures were handed over, to tell each from the last.
        var pictureSerial = 0
        /// A picture arrived since the last paint: the last frame is painted again to show it.
        var pictureChanged = false
        var raw: [UInt8] = []
        var resize = false
        var suspended: DispatchSemaphore?
        var resume = false
        var finished: CheckedContinuation<Void, Never>?
        /// The thread has ended: nothing waits for it any more.
        var ended = false
    }

    private let pending = Mutex(Pending())
    private let wakeWrite: Int32
    private let wakeRead: Int32

    private init(wakeRead: Int32, wakeWrite: Int32) {
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
    }

    /// Loads ncursesw and starts the screen (colours unless `color` is false) on its thread;
    /// returns the screen and its events, or says why the terminal cannot be driven.
    package static func start(color: Bool) async throws -> (CursesScreen, AsyncStream<Event>) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw StartFailure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let screen = CursesScreen(wakeRead: ends[0], wakeWrite: ends[1])
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        let started: String? = await withCheckedContinuation { (result: CheckedContinuation<String?, Never>) in
            NamedThread.start("vf-terminal") {
                guard vf_curses_load() == 1 else {
                    result.resume(returning: "cannot load ncursesw: " + String(cString: vf_curses_load_error()))
                    return
                }
                guard vf_curses_start(color ? 1 : 0) == 1 else {
                    result.resume(returning: "this terminal (TERM) cannot be driven by ncurses")
                    return
                }
                result.resume(returning: nil)
                screen.run(continuation)
            }
        }
        if let started { throw StartFailure(description: started) }
        return (screen, events)
    }

    /// Draws `frame` (the newest one wins when frames come faster than the terminal takes them).
    package func show(_ frame: BrowseFrame) {
        pending.withLock { $0.frame = frame }
        wake()
    }

    /// Writes `bytes` (a picture's drawing) over the picture area after each frame whose
    /// ``BrowseFrame/pictureSlot`` is `slot` (that photo, in that box), and `erasing` when the
    /// picture leaves the screen (see ``PictureDrawing/erasing``).
    package func showPicture(_ bytes: [UInt8], for slot: String, erasing: [UInt8] = []) {
        pending.withLock {
            $0.pictureSerial += 1
            $0.picture = ScreenPicture(key: slot, bytes: bytes, erasing: erasing, serial: $0.pictureSerial)
            $0.pictureChanged = true
        }
        wake()
    }

    /// Writes `bytes` to the terminal as they are, after the next frame (an OSC 52 copy).
    package func write(_ bytes: [UInt8]) {
        pending.withLock { $0.raw += bytes }
        wake()
    }

    /// Reads the terminal's size again (SIGWINCH).
    package func resize() {
        pending.withLock { $0.resize = true }
        wake()
    }

    /// Puts the terminal back as it was and returns once it is (SIGTSTP, before stopping).
    /// Returns at once when the screen has ended.
    package func suspend() {
        let done = DispatchSemaphore(value: 0)
        let ended = pending.withLock { state in
            if !state.ended { state.suspended = done }
            return state.ended
        }
        guard !ended else { return }
        wake()
        done.wait()
    }

    /// Takes the terminal again after ``suspend()`` (SIGCONT).
    package func resume() {
        pending.withLock { $0.resume = true }
        wake()
    }

    /// Ends the screen, putting the terminal back exactly as it was; returns when done.
    package func finish() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let ended = pending.withLock { state in
                if !state.ended { state.finished = done }
                return state.ended
            }
            if ended { done.resume() } else { wake() }
        }
    }

    /// Installs the crash-signal handlers that put the terminal back before the crash is reported.
    package static func guardCrashSignals() { vf_curses_guard_crash_signals() }

    /// Puts the terminal back at once, from any thread (a process ending by a signal).
    package static func restoreNow() { vf_curses_restore_now() }

    private func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    /// The thread's loop: keys in, frames out, until ``finish()``.
    private func run(_ events: AsyncStream<Event>.Continuation) {
        let unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        var painter = Painter(unicode: unicode)
        events.yield(.size(rows: Int(vf_curses_rows()), columns: Int(vf_curses_columns())))
        var watched = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        var isSuspended = false
        var lastFrame: BrowseFrame?
        defer {
            // However the loop ends, the terminal is put back and no one is left waiting.
            painter.takeDownPicture()
            vf_curses_finish()
            events.finish()
            let (suspended, finished) = pending.withLock { state in
                state.ended = true
                defer { (state.suspended, state.finished) = (nil, nil) }
                return (state.suspended, state.finished)
            }
            suspended?.signal()
            finished?.resume()
        }
        while true {
            if poll(&watched, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if watched[0].revents != 0, !isSuspended {
                var code: UInt32 = 0
                var any = false
                while true {
                    let kind = vf_curses_read_key(&code)
                    if kind == 0 { break }
                    any = true
                    if let key = kind == 2 ? Self.functionKey(code) : BrowseKey(code: code) { events.yield(.key(key)) }
                    if kind == 2, code == UInt32(VF_KEY_RESIZE) {
                        events.yield(.size(rows: Int(vf_curses_rows()), columns: Int(vf_curses_columns())))
                    }
                }
                if !any, watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    watched[0].fd = -1
                    events.yield(.endOfInput)
                }
            }
            guard watched[1].revents != 0 else { continue }
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &drain, drain.count) > 0 {}
            let work = pending.withLock { state in
                defer {
                    state.frame = nil
                    state.pictureChanged = false
                    state.raw = []
                    state.resize = false
                    state.suspended = nil
                    state.resume = false
                }
                return state
            }
            if work.finished != nil {
                work.suspended?.signal()  // taken from the state with this round's work
                return
            }
            if let suspended = work.suspended {
                painter.takeDownPicture()
                vf_curses_stop()
                isSuspended = true
                suspended.signal()
            }
            if work.resume, isSuspended {
                isSuspended = false
                vf_curses_resume()
                painter.forget()
            }
            if work.resize || work.resume {
                vf_curses_resize()
                events.yield(.size(rows: Int(vf_curses_rows()), columns: Int(vf_curses_columns())))
            }
            guard !isSuspended else { continue }
            // A picture that arrives after its frame (a fetch takes longer than a key) is shown by
            // painting that frame again; nothing else would ask for a paint on a still screen.
            if let frame = work.frame ?? (work.pictureChanged ? lastFrame : nil) {
                painter.paint(frame, picture: work.picture)
                lastFrame = frame
            }
            if !work.raw.isEmpty { Painter.writeAll(work.raw) }
        }
    }

    private static func functionKey(_ code: UInt32) -> BrowseKey? {
        switch Int(code) {
        case VF_KEY_UP: .up
        case VF_KEY_DOWN: .down
        case VF_KEY_LEFT: .left
        case VF_KEY_RIGHT: .right
        case VF_KEY_HOME: .home
        case VF_KEY_END: .end
        case VF_KEY_PAGE_UP: .pageUp
        case VF_KEY_PAGE_DOWN: .pageDown
        case VF_KEY_BACKSPACE: .backspace
        case VF_KEY_DELETE: .delete
        case VF_KEY_ENTER: .enter
        default: nil
        }
    }
}
