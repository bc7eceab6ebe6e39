import CPluginSupervisor
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program just started under its supervisor, in a process group of its own, with
/// Viewfinder's ends of its standard streams.
struct SpawnedProgram: Sendable {
    /// The supervisor's pid, which is also the id of the program's process group.
    let pid: pid_t
    /// Viewfinder's end of the program's standard input, output and error.
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32
}

/// Starts a program directly (no shell) under the plugin supervisor (`CPluginSupervisor`: this
/// binary itself, re-executed through /proc/self/exe, so an installed binary needs no other
/// file), in a new process group, with its standard streams on socket pairs. Its stdin is a
/// socket, so writing to a program that has exited is an error, never a SIGPIPE for Viewfinder.
///
/// The call blocks until the program runs or could not be started: call it from one of
/// ``BlockingExecutor``'s threads, which never end: the supervisor's parent-death signal
/// (`PR_SET_PDEATHSIG`) follows the thread that started it, not the process.
enum ProgramSpawner {
    /// Creates a connected pair of descriptors, or returns `nil` with `errno` set.
    typealias SocketPair = () -> (Int32, Int32)?

    /// A close-on-exec Unix stream socket pair: no other child inherits it.
    static func socketPair() -> (Int32, Int32)? {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else { return nil }
        return (pair[0], pair[1])
    }

    /// Starts `arguments[0]` (searched in Viewfinder's `PATH` when it has no `/`) with exactly
    /// `environment`.
    ///
    /// On any failure every descriptor opened so far is closed, and the supervisor reaped,
    /// before the error is thrown.
    static func spawn(
        arguments: [String], environment: [String: String], socketPair: SocketPair = socketPair
    ) throws(ExecError) -> SpawnedProgram {
        guard let program = arguments.first else { throw .spawnFailed("", "the command is empty") }
        var opened: [Int32] = []
        func closeAll() { for descriptor in opened { close(descriptor) } }
        var pairs: [(ours: Int32, theirs: Int32)] = []
        for _ in 0..<3 {
            guard let pair = socketPair() else {
                let reason = String(cString: strerror(errno))
                closeAll()
                throw .spawnFailed(program, "cannot create a socket pair for its standard streams: \(reason)")
            }
            opened += [pair.0, pair.1]
            pairs.append((pair.0, pair.1))
        }

        // Where the supervisor says whether the program started.
        guard let report = socketPair() else {
            let reason = String(cString: strerror(errno))
            closeAll()
            throw .spawnFailed(program, "cannot create a socket pair for its supervisor: \(reason)")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, pair) in pairs.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, pair.theirs, Int32(target))
        }
        posix_spawn_file_actions_adddup2(&actions, report.1, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // The supervisor's command line: its mode and our pid; the program's own goes over the
        // socket (see CPluginSupervisor.h), so only the program shows its arguments.
        let argv = [strdup(vf_supervisor_mode()), strdup(String(getpid()))] + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, envp)
        for pair in pairs { close(pair.theirs) }  // the supervisor has its own copies now
        close(report.1)
        defer { close(report.0) }
        guard status == 0 else {
            for pair in pairs { close(pair.ours) }
            if status == E2BIG { throw .tooLarge(program: program, largest: largestPart(arguments, environment)) }
            throw .spawnFailed(
                program,
                "cannot start Viewfinder's plugin supervisor (/proc/self/exe): \(String(cString: strerror(status)))")
        }
        let searchPath = ProcessEnvironment.value("PATH") ?? "/bin:/usr/bin"  // glibc's default
        var command = Data()
        for part in [searchPath] + arguments {
            command.append(contentsOf: part.utf8)
            command.append(0)
        }
        send(command, to: report.0)  // if the supervisor is gone, its report below says so
        shutdown(report.0, Int32(SHUT_WR))
        let started = readReport(report.0)
        guard started != 0 else {
            return SpawnedProgram(pid: pid, stdin: pairs[0].ours, stdout: pairs[1].ours, stderr: pairs[2].ours)
        }
        for pair in pairs { close(pair.ours) }
        var supervisorStatus: Int32 = 0
        while waitpid(pid, &supervisorStatus, 0) < 0 && errno == EINTR {}
        guard let code = started else {
            throw .spawnFailed(program, "Viewfinder's plugin supervisor ended before starting it")
        }
        if code == E2BIG { throw .tooLarge(program: program, largest: largestPart(arguments, environment)) }
        // ENOENT for a file that is there means its #! interpreter is not: say which.
        if code == ENOENT, let found = ProgramCheck.locate(program), access(found, F_OK) == 0,
            let problem = ProgramCheck.problem(runningFile: found)
        {
            throw .spawnFailed(program, "it \(problem)")
        }
        throw .spawnFailed(program, String(cString: strerror(code)))
    }

    /// Sends all of `data` on the blocking socket `descriptor`, or as much as the peer takes.
    private static func send(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// What the supervisor reported on `descriptor`: 0 when the program runs, the `errno` of
    /// its failed start, or `nil` when the supervisor ended without a word.
    private static func readReport(_ descriptor: Int32) -> Int32? {
        var code: Int32 = 0
        var got = 0
        withUnsafeMutableBytes(of: &code) { bytes in
            guard let base = bytes.baseAddress else { return }
            while got < bytes.count {
                let count = read(descriptor, base + got, bytes.count - got)
                if count > 0 {
                    got += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        return got == MemoryLayout<Int32>.size ? code : nil
    }

    /// The biggest part of what the program is given: an environment variable (the usual cause
    /// of E2BIG, a long value in `env:`) or an argument.
    static func largestPart(_ arguments: [String], _ environment: [String: String]) -> String {
        let variable = environment.max {
            $0.key.utf8.count + $0.value.utf8.count < $1.key.utf8.count + $1.value.utf8.count
        }
        let argument = arguments.indices.max { arguments[$0].utf8.count < arguments[$1].utf8.count }
        let variableSize = variable.map { $0.key.utf8.count + $0.value.utf8.count + 1 } ?? 0
        let argumentSize = argument.map { arguments[$0].utf8.count } ?? 0
        if let variable, variableSize >= argumentSize {
            return "the environment variable `\(variable.key)` (\(variableSize / 1024) KiB); shorten it in `env`"
        }
        return "argument \(argument ?? 0) of `command` (\(argumentSize / 1024) KiB); shorten it"
    }
}
