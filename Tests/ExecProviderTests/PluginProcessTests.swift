import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import ExecProvider

#if canImport(Glibc)
    import Glibc
#endif

/// Plugins as real processes: what they start, what they never read, what they write without end,
/// and how cancellation reaches every process of their group.
@Suite("Exec plugin processes")
struct PluginProcessTests {
    func provider(_ command: [String], options: [String: JSONValue] = [:], outputLimit: Int = ExecProvider.outputLimit)
        -> ExecProvider
    {
        ExecProvider(
            name: "plugin", command: command, environment: ProcessInfo.processInfo.environment, options: options,
            outputLimit: outputLimit)
    }

    @Test("a plugin that exits leaving a child holding its stdout is ok at once, and the child is killed")
    func backgroundChild() async throws {
        let marker = Plugins.marker()
        let clock = ContinuousClock()
        let started = clock.now
        let run = await Run.collect(provider([Plugins.backgroundChild, marker]), SearchRequest(.search("x"), limit: 5))
        #expect(run.error == nil)
        #expect(run.ids == ["bg"])
        #expect(clock.now - started < .seconds(10))  // the child would hold stdout open for 300 s
        let group = try #require(run.titles.first.flatMap { Int32($0) })
        try await ProcessTable.waitUntil(within: .seconds(3)) { ProcessTable.livingMembers(ofGroup: group).isEmpty }
        #expect(ProcessTable.livingMembers(ofGroup: group).isEmpty)
        #expect(ProcessTable.processes(containing: marker).isEmpty)
    }

    @Test(
        "a child that left the plugin's group with setsid is killed too, when the plugin exits or is cancelled",
        .timeLimit(.minutes(1)), arguments: ["exit", "hang"])
    func childInItsOwnSession(mode: String) async throws {
        let marker = Plugins.marker()
        let provider = provider([Plugins.fixture("setsid-child.sh"), marker, mode])
        let task = Task { await Run.collect(provider, SearchRequest(.search("x"), limit: 5)) }
        try await ProcessTable.waitUntil { !ProcessTable.processes(containing: marker).isEmpty || mode == "exit" }
        if mode == "hang" {
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
        }
        let run = await task.value
        #expect(run.ids == (mode == "exit" ? ["s1"] : run.ids))
        #expect(run.error == (mode == "exit" ? nil : "CancellationError()"))
        try await ProcessTable.waitUntil(within: .seconds(3)) { ProcessTable.processes(containing: marker).isEmpty }
        #expect(ProcessTable.processes(containing: marker).isEmpty)
    }

    @Test("a plugin that never reads stdin, given a 1.5 MB request, ends within 2 s of cancellation, killed")
    func neverReadsStdin() async throws {
        let marker = Plugins.marker()
        let big: [String: JSONValue] = ["big": .string(String(repeating: "x", count: 1_500_000))]
        let provider = provider([Plugins.neverReadsStdin, marker], options: big)
        let task = Task { await Run.collect(provider, SearchRequest(.search("x"), limit: 5)) }
        try await ProcessTable.waitUntil { !ProcessTable.processes(containing: marker).isEmpty }
        try await Task.sleep(for: .milliseconds(200))  // the request is being written, stuck on a full socket
        let clock = ContinuousClock()
        let cancelled = clock.now
        task.cancel()
        let run = await task.value
        #expect(clock.now - cancelled < .seconds(2))
        #expect(run.error == "CancellationError()")
        try await ProcessTable.waitUntil(within: .seconds(3)) { ProcessTable.processes(containing: marker).isEmpty }
        #expect(ProcessTable.processes(containing: marker).isEmpty)
    }

    @Test("ten plugins that never answer all end within 2 s of cancellation, none left running")
    func tenSilentPlugins() async throws {
        let marker = Plugins.marker()
        let providers = (0..<10).map { _ in provider(["/bin/sh", "-c", "sleep 100", marker]) }
        let task = Task {
            await withTaskGroup(of: Run.self) { group in
                for provider in providers {
                    group.addTask { await Run.collect(provider, SearchRequest(.search("x"), limit: 5)) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await ProcessTable.waitUntil { ProcessTable.processes(containing: marker).count == 10 }
        #expect(ProcessTable.processes(containing: marker).count == 10)
        let clock = ContinuousClock()
        let cancelled = clock.now
        task.cancel()
        let runs = await task.value
        #expect(clock.now - cancelled < .seconds(2))  // each would sleep 100 s
        #expect(runs.count == 10 && runs.allSatisfy { $0.error == "CancellationError()" })
        try await ProcessTable.waitUntil(within: .seconds(3)) { ProcessTable.processes(containing: marker).isEmpty }
        #expect(ProcessTable.processes(containing: marker).isEmpty)
    }

    @Test("cancelling the search kills the plugin's whole group before cancel() returns, and leaves no zombie")
    func cancellationKillsGroupSynchronously() async throws {
        let marker = Plugins.marker()
        let provider = provider([Plugins.broken, "hang", marker])
        let firstPage = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            for try await _ in provider.pages(for: SearchRequest(.search("x"), limit: 10)) {
                firstPage.continuation.yield()
            }
        }
        for await _ in firstPage.stream { break }
        // The plugin and its child, both carrying the marker.
        try await ProcessTable.waitUntil { ProcessTable.processes(containing: marker).count == 2 }
        let pids = ProcessTable.processes(containing: marker)
        #expect(pids.count == 2)
        try await Task.sleep(for: .milliseconds(200))  // the consumer is waiting for the next page
        task.cancel()
        for pid in pids { #expect(ProcessTable.wasKilled(pid), "pid \(pid) was not signalled") }
        _ = await task.result
        try await ProcessTable.waitUntil(within: .seconds(3)) {
            ProcessTable.processes(containing: marker).isEmpty
                && Set(ProcessTable.zombieChildren()).isDisjoint(with: pids)
        }
        #expect(ProcessTable.processes(containing: marker).isEmpty)
        // Only this test's plugin: other tests running beside it may have children of their own.
        #expect(Set(ProcessTable.zombieChildren()).isDisjoint(with: pids))
    }

    @Test("output is counted as it is read: an endless writer is killed at the limit though nobody takes its output")
    func outputLimitCountedWhenRead() async throws {
        let limit = 1 << 20
        let child = try await ChildProcess.start(
            arguments: [Plugins.endlessOutput], environment: ProcessInfo.processInfo.environment,
            request: Data("{}\n".utf8), outputLimit: limit)
        try await ProcessTable.waitUntil { child.isReaped }
        #expect(child.isReaped)  // stopped and reaped before a single chunk was taken
        var bytes = 0
        var ending: ChildEnding?
        for await event in child.events {
            switch event {
            case .output(let chunk): bytes += chunk.count
            case .ended(let end): ending = end
            }
        }
        #expect(bytes == limit)
        #expect(ending == .outputTooLarge)
    }

    @Test("the output limit is reported with the plugin's name and the limit; lines before it are kept")
    func outputLimitMessage() async throws {
        let run = await Run.collect(
            provider([Plugins.endlessOutput], outputLimit: 1 << 20), SearchRequest(.search("x"), limit: 5))
        #expect(
            run.error
                == "plugin: `endless-output.sh` wrote more than 1 MiB to standard output, the limit for one search; "
                + "it was stopped with everything it started")
    }

    @Test("a failed socketpair closes every descriptor opened before it")
    func socketPairFailureClosesDescriptors() throws {
        var created: [UInt64] = []  // socket inodes: unlike descriptor numbers, never reused meanwhile
        var calls = 0
        #expect(throws: ExecError.self) {
            try ProgramSpawner.spawn(arguments: ["/bin/true"], environment: [:]) {
                calls += 1
                guard calls < 3, let pair = ProgramSpawner.socketPair() else {
                    errno = EMFILE
                    return nil
                }
                created += [Self.inode(pair.0), Self.inode(pair.1)]
                return pair
            }
        }
        #expect(created.count == 4)
        let open = Set(Self.openSocketInodes())
        #expect(created.allSatisfy { !open.contains($0) })
    }

    @Test(
        "without a pidfd, a dedicated thread notices the exit, and without a thread a timer does; the status and stderr are complete",
        .timeLimit(.minutes(1)), arguments: [ExitWatcher.Method.thread, .polling])
    func exitWithoutPidfd(method: ExitWatcher.Method) async throws {
        let child = try await ChildProcess.start(
            arguments: [Plugins.broken, "exit-3"], environment: ProcessInfo.processInfo.environment,
            request: Data("{}\n".utf8), outputLimit: 1 << 20, exitWatch: method)
        var ending: ChildEnding?
        for await event in child.events {
            if case .ended(let end) = event { ending = end }
        }
        #expect(ending == .exited(.exited(3)))
        #expect(child.isReaped)
        #expect(child.stderrLines(hiding: .none) == ["loading catalogue...", "fatal: catalogue.db is corrupt"])
    }

    @Test("killing all running plugins signals every group before it returns, and starts none after")
    func killAllRunningPlugins() async throws {
        let registry = RunningPlugins()
        let marker = Plugins.marker()
        let child = try await ChildProcess.start(
            arguments: [Plugins.broken, "hang", marker], environment: ProcessInfo.processInfo.environment,
            request: Data("{}\n".utf8), outputLimit: 1 << 20, registry: registry)
        try await ProcessTable.waitUntil { ProcessTable.processes(containing: marker).count == 2 }
        let pids = ProcessTable.processes(containing: marker)
        #expect(registry.count == 1)
        registry.killAllAndClose()
        for pid in pids { #expect(ProcessTable.wasKilled(pid), "pid \(pid) was not signalled") }
        await #expect(throws: ExecError.exiting) {
            try await ChildProcess.start(
                arguments: [Plugins.broken, "hang", marker], environment: [:], request: Data(), outputLimit: 1,
                registry: registry)
        }
        try await ProcessTable.waitUntil { registry.count == 0 && child.isReaped }
        #expect(registry.count == 0)
    }

    private static func inode(_ descriptor: Int32) -> UInt64 {
        var info = stat()
        fstat(descriptor, &info)
        return UInt64(info.st_ino)
    }

    /// Inodes of the sockets this process has open, from /proc/self/fd.
    private static func openSocketInodes() -> [UInt64] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                target.hasPrefix("socket:[")
            else { return nil }
            return UInt64(target.dropFirst("socket:[".count).dropLast())
        }
    }
}

/// Everything a provider's stream gave: the photos, then the error that ended it, if any.
struct Run: Sendable {
    var ids: [String] = []
    var titles: [String] = []
    var error: String?

    static func collect(_ provider: any PhotoProvider, _ request: SearchRequest) async -> Run {
        var run = Run()
        do {
            for try await page in provider.pages(for: request) {
                run.ids += page.photos.map(\.id)
                run.titles += page.photos.map { $0.title ?? "" }
            }
        } catch {
            run.error = String(describing: error)
        }
        return run
    }
}
