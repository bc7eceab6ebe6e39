import Dispatch
import Foundation
import ProviderKit
import Synchronization
import Testing

/// The one executor of blocking work: bounded, started lazily, in order, cancellable, and a
/// thread that cannot be started is an error, never a crash. Each test has an executor of its own.
@Suite("Blocking executor")
struct BlockingExecutorTests {
    struct Refused: Error, Equatable {}

    /// Counts calls from several threads.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    private static let waiter = BlockingExecutor(name: "vf-test-wait", threadLimit: 4)

    /// Waits up to a minute (other suites may keep Swift's pool busy) for `semaphore`, off the pool.
    private static func signalled(_ semaphore: DispatchSemaphore) async -> Bool {
        return (try? await waiter.run { _ in semaphore.wait(timeout: .now() + .seconds(60)) == .success }) ?? false
    }

    /// The names of this process's threads.
    private static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .newlines) }
    }

    @Test("no thread before the first job; the work's result and its error reach the caller, on a named thread")
    func resultsAndErrors() async throws {
        let executor = BlockingExecutor(name: "vf-test-res", threadLimit: 2)
        #expect(executor.threadCount == 0)
        let name = try await executor.run { _ in
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }
        #expect(name == "vf-test-res-1")
        #expect(executor.threadCount == 1)
        await #expect(throws: Refused.self) {
            try await executor.run { _ throws(Refused) in throw Refused() }
        }
    }

    @Test("a thread that cannot be started fails the work with an error that says so, and it never runs")
    func startFailureIsAnError() async throws {
        // A stack larger than any address space: pthread_create cannot map it.
        let executor = BlockingExecutor(name: "vf-test-fail", threadLimit: 4, stackSize: 1 << 60)
        let ran = Atomic(false)
        let failure = await #expect(throws: NamedThread.StartFailure.self) {
            try await executor.run { _ in ran.store(true, ordering: .relaxed) }
        }
        #expect(failure?.description.hasPrefix("cannot start a thread (vf-test-fail-1): ") == true)
        #expect(ran.load(ordering: .relaxed) == false)
        #expect(executor.threadCount == 0)
        // Fire and forget is never dropped: it runs on the calling thread instead.
        executor.post { ran.store(true, ordering: .relaxed) }
        let ranHere = ran.load(ordering: .relaxed)
        #expect(ranHere)
    }

    @Test("at most threadLimit threads; work past them waits its turn, first in first out")
    func boundedAndInOrder() async throws {
        let executor = BlockingExecutor(name: "vf-test-cap", threadLimit: 2)
        let hold = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            executor.post {
                holding.signal()
                hold.wait()
            }
        }
        #expect(await Self.signalled(holding))
        #expect(await Self.signalled(holding))
        let order = Mutex<[Int]>([])
        for number in 0..<20 { executor.post { order.withLock { $0.append(number) } } }
        try await Task.sleep(for: .milliseconds(50))
        #expect(order.withLock { $0 }.isEmpty)  // both threads are held: nothing else ran
        #expect(executor.threadCount == 2)
        hold.signal()  // one thread free: the rest run on it, in order
        _ = try await executor.run { _ in }
        #expect(order.withLock { $0 } == Array(0..<20))
        hold.signal()
    }

    @Test("a cancelled caller stops waiting at once; the work sees its flag set and still ends")
    func cancelStopsWaiting() async throws {
        let executor = BlockingExecutor(name: "vf-test-cancel", threadLimit: 1)
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sawFlag = DispatchSemaphore(value: 0)
        let task = Task {
            try await executor.run { cancelled in
                started.signal()
                proceed.wait()  // a read that does not return
                if cancelled.isSet { sawFlag.signal() }
            }
        }
        #expect(await Self.signalled(started))
        task.cancel()
        // Returns while the work is still held: it is let go only after this.
        await #expect(throws: CancellationError.self) { try await task.value }
        proceed.signal()
        #expect(await Self.signalled(sawFlag))
    }

    @Test("a caller cancelled before it asks never has its work run; one that waits for the end gets its result")
    func cancelledBefore() async throws {
        let executor = BlockingExecutor(name: "vf-test-before", threadLimit: 1)
        let ran = Counter()
        let skipped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await executor.run { _ in ran.add() }
        }
        await #expect(throws: CancellationError.self) { try await skipped.value }
        let waited = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await executor.run(whenCancelled: .waitForEnd) { cancelled in
                ran.add()
                return cancelled.isSet
            }
        }
        #expect(try await waited.value == true)
        _ = try await executor.run { _ in }
        #expect(ran.value == 1)
    }

    @Test("a serial lane runs its jobs one at a time, in order, on a shared executor's threads")
    func serialLane() async throws {
        let executor = BlockingExecutor(name: "vf-test-lane", threadLimit: 4)
        let lane = SerialLane(on: executor)
        let state = Mutex<(order: [Int], running: Int, most: Int)>(([], 0, 0))
        for number in 0..<200 {
            lane.post {
                state.withLock {
                    $0.running += 1
                    $0.most = max($0.most, $0.running)
                }
                usleep(50)
                state.withLock {
                    $0.order.append(number)
                    $0.running -= 1
                }
            }
        }
        let last = try await lane.run { _ in state.withLock { $0.order.count } }
        #expect(last == 200)
        #expect(state.withLock { $0.order } == Array(0..<200))
        #expect(state.withLock { $0.most } == 1)
        #expect(Self.threadNames().contains { $0.hasPrefix("vf-test-lane-") })
    }
}
