import Dispatch
import Foundation
import ProviderKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a running program produces: its output as it comes, then how its run ended.
enum ChildEvent: Sendable, Equatable {
    case output(Data)
    case ended(ChildEnding)
}

/// How a program's run ended.
enum ChildEnding: Sendable, Equatable {
    /// The program (the group's leader) exited; whatever it started was killed.
    case exited(ExitStatus)
    /// It wrote more than the output limit; it was killed with its group, and its output
    /// up to the limit was delivered.
    case outputTooLarge
}

/// A program run directly (no shell) under its supervisor, in its own process group, given its
/// request on stdin, with its output read as it comes. It runs in Viewfinder's working folder.
///
/// The supervisor (see `CPluginSupervisor`) is what Viewfinder starts, watches and reaps: it
/// ends as the program ended, after killing whatever the program left running, and it kills
/// the program and all of that itself when Viewfinder dies, even by SIGKILL.
///
/// No thread ever blocks on it: its stdin, stdout and stderr are non-blocking sockets served by
/// Dispatch sources, and its exit is noticed through a pidfd, all on one serial queue.
///
/// The run is settled when the program exits, not when its stdout closes (something it started
/// may hold that open): what it wrote is read up to what is already there, everything left in
/// its group is killed, and it is reaped, so no zombie and no orphan is left. ``kill()`` (a
/// timeout, a cancelled search, enough photos) kills the whole group at once, from any thread.
final class ChildProcess: Sendable {
    /// The pid of the program's supervisor, which is also the id of the program's process group.
    var pid: pid_t { group.leader }
    /// The program's output in order, then one `.ended`; finishes after it.
    let events: AsyncStream<ChildEvent>
    private let group: ProcessGroup
    private let writer: RequestWriter
    private let stderrTail = StderrTail()

    /// Starts `arguments` with exactly `environment` under its supervisor, recorded in `registry`
    /// until reaped, and writes `request` to its stdin. `exitWatch` is the first way tried to
    /// notice its exit.
    ///
    /// The start runs on ``BlockingExecutor``'s threads, off Swift's pool (it waits some 10 ms
    /// for two `exec`s and a `fork`; ten plugins of one search start side by side) and outside
    /// the registry's lock. Those threads never end, as they must: the supervisor asks for a
    /// signal when its parent dies (`PR_SET_PDEATHSIG`), and Linux sends it when the parent
    /// *thread* ends; a plugin started from a pool thread the pool later retired would be
    /// killed mid-search. A caller cancelled meanwhile waits for the start, so no program is
    /// left unwatched.
    static func start(
        arguments: [String], environment: [String: String], request: Data, outputLimit: Int,
        exitWatch: ExitWatcher.Method = .pidfd, registry: RunningPlugins = .shared
    ) async throws(ExecError) -> ChildProcess {
        let started: Result<(SpawnedProgram, ProcessGroup), ExecError>
        do {
            started = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
                Self.spawn(arguments: arguments, environment: environment, registry: registry)
            }
        } catch {
            throw .spawnFailed(arguments.first ?? "", "\(error)")
        }
        let (program, group) = try started.get()
        return ChildProcess(
            program: program, group: group, request: request, outputLimit: outputLimit, exitWatch: exitWatch,
            registry: registry)
    }

    /// Starts the program under its supervisor and registers its group; blocks.
    private static func spawn(arguments: [String], environment: [String: String], registry: RunningPlugins)
        -> Result<(SpawnedProgram, ProcessGroup), ExecError>
    {
        do throws(ExecError) {
            var spawned: SpawnedProgram?
            let group = try registry.register { () throws(ExecError) -> ProcessGroup in
                let program = try ProgramSpawner.spawn(arguments: arguments, environment: environment)
                spawned = program
                return ProcessGroup(leader: program.pid)
            }
            guard let program = spawned else { throw .exiting }  // never: a group means a program
            return .success((program, group))
        } catch {
            return .failure(error)
        }
    }

    private init(
        program: SpawnedProgram, group: ProcessGroup, request: Data, outputLimit: Int, exitWatch: ExitWatcher.Method,
        registry: RunningPlugins
    ) {
        self.group = group
        let queue = DispatchQueue(label: "viewfinder.exec.\(program.pid)")
        let (events, continuation) = AsyncStream.makeStream(of: ChildEvent.self)
        self.events = events
        continuation.onTermination = { _ in group.kill() }  // also when the consumer is cancelled or gone
        let ending = OutputAccount(limit: outputLimit, continuation: continuation)

        let stdout = DescriptorReader(descriptor: program.stdout, queue: queue) { chunk in
            guard ending.deliver(chunk) else {
                group.kill()  // over the limit: stop the program and everything it started now
                return false
            }
            return true
        }
        let tail = stderrTail
        let stderr = DescriptorReader(descriptor: program.stderr, queue: queue) { chunk in
            tail.append(chunk)
            return true
        }
        writer = RequestWriter(descriptor: program.stdin, data: request, queue: queue)
        let writer = writer
        ExitWatcher.watch(pid: program.pid, queue: queue, method: exitWatch) { status in
            group.kill()  // what the program started goes with it, and can no longer add output
            stdout.drain(upTo: DescriptorReader.readsWhenDraining)
            stderr.drain(upTo: DescriptorReader.readsWhenDraining)
            stdout.stop()
            stderr.stop()
            writer.stop()
            group.killAndReap()
            registry.remove(group)
            ending.end(.exited(status))
        }
    }

    /// Kills the program and every process in its group, at once; safe from any thread, also
    /// after the program has been reaped (then its group was already killed).
    func kill() {
        group.kill()
        writer.stop()
    }

    /// Whether the program has exited and been reaped.
    var isReaped: Bool { group.isReaped }

    /// The last lines the program wrote to standard error (complete once `.ended` arrived),
    /// with `secrets` hidden.
    func stderrLines(hiding secrets: Redactor) -> [String] { stderrTail.lines(hiding: secrets) }

    deinit {
        kill()
    }
}

/// Counts a program's output as it is read and hands it on, up to the limit; ends the events once.
private final class OutputAccount: Sendable {
    private struct State {
        var bytes = 0
        var ended = false
    }

    private let limit: Int
    private let continuation: AsyncStream<ChildEvent>.Continuation
    private let state = Mutex(State())

    init(limit: Int, continuation: AsyncStream<ChildEvent>.Continuation) {
        self.limit = limit
        self.continuation = continuation
    }

    /// Hands `chunk` on; `false` when the run has ended or the chunk crosses the limit, in which
    /// case the part within the limit is handed on and the run ends as too large.
    func deliver(_ chunk: Data) -> Bool {
        let withinLimit = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            let room = limit - state.bytes
            guard chunk.count <= room else {
                if room > 0 { continuation.yield(.output(chunk.prefix(room))) }
                state.bytes = limit
                return false
            }
            state.bytes += chunk.count
            continuation.yield(.output(chunk))
            return true
        }
        if !withinLimit { end(.outputTooLarge) }
        return withinLimit
    }

    /// Ends the events with `ending`, unless they already ended.
    func end(_ ending: ChildEnding) {
        let first = state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
        guard first else { return }
        continuation.yield(.ended(ending))
        continuation.finish()
    }
}
