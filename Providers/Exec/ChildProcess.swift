import Dispatch
import Foundation
import ProviderKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run directly (no shell) in its own process group, with its output read as it comes.
/// It runs in Viewfinder's working folder.
///
/// The group lets a timeout or cancellation kill the program together with its children. The
/// program is always reaped, so no zombie is left. Its stdin is a socket, so writing to a program
/// that has already exited is an error, not a SIGPIPE for Viewfinder.
final class ChildProcess: Sendable {
    let pid: pid_t
    /// Chunks of standard output as they arrive; finishes at end of file.
    let output: AsyncStream<Data>
    private let exit: AsyncStream<Int32>
    private let stdinSocket: Int32
    private let stderrTail: StderrTail
    private let reaped = OnceFlag()  // once set, the (reusable) pid is never signalled again

    /// Starts `arguments[0]` (searched in `PATH` when it has no `/`) with exactly `environment`.
    init(arguments: [String], environment: [String: String]) throws(ExecError) {
        // Socket pairs, created close-on-exec atomically, so no other child inherits them.
        var stdinPair: [Int32] = [0, 0]
        var stdoutPipe: [Int32] = [0, 0]
        var stderrPipe: [Int32] = [0, 0]
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &stdinPair) == 0, socketpair(AF_UNIX, kind, 0, &stdoutPipe) == 0,
            socketpair(AF_UNIX, kind, 0, &stderrPipe) == 0
        else { throw .spawnFailed(arguments[0], String(cString: strerror(errno))) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(stdinPair[1])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPair[0])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw .spawnFailed(arguments[0], String(cString: strerror(status)))
        }
        self.pid = pid
        stdinSocket = stdinPair[0]
        stderrTail = StderrTail()
        let (output, outputContinuation) = AsyncStream.makeStream(of: Data.self)
        self.output = output
        Self.read(stdoutPipe[0]) { chunk in
            guard let chunk else { return outputContinuation.finish() }
            outputContinuation.yield(chunk)
        }
        let tail = stderrTail
        Self.read(stderrPipe[0]) { chunk in chunk.map(tail.append) }

        let (exit, exitContinuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        self.exit = exit
        let reaped = reaped
        let childPID = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(childPID, &status, 0) < 0 && errno == EINTR {}
            reaped.set()
            exitContinuation.yield(status)
            exitContinuation.finish()
        }
    }

    /// Writes `data` to the program's stdin, then closes it (the program sees end of file).
    func send(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(
                    stdinSocket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    break  // the program is gone or closed its stdin; its exit status will say why
                }
                offset += sent
            }
        }
        shutdown(stdinSocket, Int32(SHUT_WR))
    }

    /// The raw wait status, once the program has exited.
    func waitForExit() async -> Int32 {
        for await status in exit { return status }
        return 0
    }

    /// Kills the program and every process in its group.
    func kill() {
        guard !reaped.isSet else { return }
        _ = Glibc.kill(-pid, SIGKILL)
    }

    /// The last lines the program wrote to standard error.
    var stderrLines: [String] { stderrTail.lines }

    deinit {
        kill()
        close(stdinSocket)
    }

    /// Reads `descriptor` to its end on a Dispatch source, handing each chunk to `deliver`
    /// and `nil` at the end. The source keeps itself alive until the end of file.
    private static func read(_ descriptor: Int32, deliver: @escaping @Sendable (Data?) -> Void) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        nonisolated(unsafe) let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue.global())
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = Glibc.read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    deliver(Data(buffer[0..<count]))
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    source.cancel()
                    return
                } else if errno == EAGAIN {
                    return
                }
            }
        }
        source.setCancelHandler {
            close(descriptor)
            deliver(nil)
        }
        source.resume()
    }
}

/// Keeps the last 4 KB a program wrote to standard error.
final class StderrTail: Sendable {
    private let buffer = Mutex(Data())

    func append(_ chunk: Data) {
        buffer.withLock { data in
            data.append(chunk)
            if data.count > 4096 { data = data.suffix(4096) }
        }
    }

    /// The last few non-empty lines.
    var lines: [String] {
        let text = buffer.withLock { String(decoding: $0, as: UTF8.self) }
        return Array(text.split(whereSeparator: \.isNewline).map(String.init).suffix(5))
    }
}
