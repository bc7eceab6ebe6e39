import Synchronization
import Testing

@testable import Downloads

@Suite("The host scheduler starts waiting transfers in order, each as soon as its host allows")
struct HostSchedulerTests {
    /// Records the order transfers were let start in.
    final class Started: Sendable {
        let names = Mutex<[String]>([])

        func wait(for count: Int) async {
            for _ in 0..<2_000 where names.withLock({ $0.count }) < count {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    @Test("a full host lets later hosts start; freed places go to the first waiter whose host allows it")
    func order() async throws {
        let scheduler = HostScheduler(parallel: 3, perHost: 2)
        let started = Started()
        var tasks: [Task<Void, any Error>] = []
        // Queued one after another, so the order they wait in is known.
        for name in ["a1", "a2", "a3", "a4", "b1", "b2", "c1"] {
            let waiting = await scheduler.waitingCount
            tasks.append(
                Task {
                    try await scheduler.start(String(name.prefix(1)))
                    started.names.withLock { $0.append(name) }
                })
            for _ in 0..<2_000 {
                let now = await scheduler.waitingCount
                let admitted = started.names.withLock { $0.contains(name) }
                if now > waiting || admitted { break }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        await started.wait(for: 3)
        #expect(started.names.withLock { $0 } == ["a1", "a2", "b1"])
        await scheduler.finished("a")
        await started.wait(for: 4)
        await scheduler.finished("b")  // a is full again: b2 starts, past a4
        await started.wait(for: 5)
        await scheduler.finished("a")
        await started.wait(for: 6)
        await scheduler.finished("a")
        await started.wait(for: 7)
        #expect(started.names.withLock { $0 } == ["a1", "a2", "b1", "a3", "b2", "a4", "c1"])
        #expect(await scheduler.waitingCount == 0)
        for task in tasks { try await task.value }
    }

    @Test("a paused host waits while the others go on, and a cancelled waiter leaves the queue")
    func pauseAndCancel() async throws {
        let scheduler = HostScheduler(parallel: 4, perHost: 4)
        // A pause no run of the suite outlasts: with 30 s, a pool busy with other suites let it
        // end before the waiter was seen, and the wait below never ended.
        await scheduler.pause("a", for: .seconds(3_600))
        let started = Started()
        let paused = Task {
            try await scheduler.start("a")
            started.names.withLock { $0.append("a") }
        }
        try #require(await Self.eventually { await scheduler.waitingCount == 1 })
        let other = Task {
            try await scheduler.start("b")
            started.names.withLock { $0.append("b") }
        }
        try await other.value
        #expect(started.names.withLock { $0 } == ["b"])
        paused.cancel()
        await #expect(throws: CancellationError.self) { try await paused.value }
        #expect(await Self.eventually { await scheduler.waitingCount == 0 })
    }

    /// Whether `condition` comes to hold within two minutes (the pool may be busy with other
    /// suites), checked every millisecond: a wait that cannot end fails instead of stalling the run.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await condition()
    }
}
