import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Downloads

/// File work that takes over, or makes, a temporary file releases it exactly once, whenever the
/// download is cancelled: before the work starts, while it runs, or as it ends.
@Suite("File work: what a cancelled caller held or was about to get is released")
struct FileWorkTests {
    /// Counts calls from several threads.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Returns once `semaphore` is signalled, waiting on a thread of its own (off Swift's pool).
    private static func signalled(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            Thread {
                semaphore.wait()
                continuation.resume()
            }.start()
        }
    }

    /// Waits until `condition` holds, for at most 5 s.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("cancelled before the work starts: the work never runs and `releasing` runs once")
    func cancelledBeforeStart() async throws {
        let threads = FileWork()
        let ran = Counter()
        let released = Counter()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await threads.run({ () throws(DownloadFailure) in ran.add() }, releasing: { released.add() })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        try await eventually { released.value == 1 }
        try await Task.sleep(for: .milliseconds(50))  // time for a wrongly queued job to run
        #expect(released.value == 1)
        #expect(ran.value == 0)
    }

    @Test("cancelled while the work runs: the caller waits for it to end and gets its result; `releasing` never runs")
    func cancelledWhileRunning() async throws {
        let threads = FileWork()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let released = Counter()
        let task = Task {
            try await threads.run(
                { () throws(DownloadFailure) in
                    started.signal()
                    proceed.wait()
                    return "named"
                }, releasing: { released.add() })
        }
        await Self.signalled(started)
        task.cancel()
        proceed.signal()
        #expect(try await task.value == "named")
        #expect(released.value == 0)
    }

    @Test("work run to its end is waited for by a cancelled caller, and its failure reaches it")
    func runToEnd() async throws {
        let threads = FileWork()
        let ran = Counter()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await threads.runToEnd { () throws(DownloadFailure) in
                ran.add()
                return ran.value
            }
        }
        #expect(try await task.value == 1)
        await #expect(throws: DownloadFailure.self) {
            try await threads.runToEnd { () throws(DownloadFailure) in throw DownloadFailure("disk full") }
        }
    }
}
