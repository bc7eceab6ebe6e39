import Foundation
import Synchronization
import Testing

@testable import LocalFolderProvider

/// What a search hands to a `Releaser` is freed on a thread at SCHED_IDLE, not by the caller,
/// unless its backlog limit of jobs already waits for that thread. Each test has a releaser of its own.
@Suite("Local folder: freeing off the search's path")
struct ReleaserTests {
    /// The scheduling policy of the thread each value was freed on, as they are freed.
    final class Record: Sendable {
        let policies = Mutex<[Int32]>([])
        var count: Int { policies.withLock { $0.count } }
    }

    /// Notes in `record` the policy of the thread that frees it.
    final class Tracked: Sendable {
        let record: Record
        init(_ record: Record) { self.record = record }
        deinit {
            let policy = sched_getscheduler(0)  // the calling thread's
            record.policies.withLock { $0.append(policy) }
        }
    }

    static let idlePolicy: Int32 = 5  // SCHED_IDLE, which Swift's Glibc module does not show

    /// Waits up to 10 s for `record` to hold `count` entries.
    static func wait(for count: Int, in record: Record) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while record.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("released values are freed on the release thread, at SCHED_IDLE, not by the caller")
    func freesOnIdleThread() async throws {
        let releaser = Releaser(backlogLimit: 8)
        let record = Record()
        releaser.release([Tracked(record), Tracked(record)])
        try await Self.wait(for: 2, in: record)
        #expect(sched_getscheduler(0) != Self.idlePolicy)
        #expect(record.policies.withLock { $0 } == [Self.idlePolicy, Self.idlePolicy])
    }

    @Test("while the thread is held up, jobs past the backlog limit are done by the caller at once")
    func boundedBacklog() async throws {
        let releaser = Releaser(backlogLimit: 8)
        let record = Record()
        let held = DispatchSemaphore(value: 0)
        releaser.post { held.wait() }  // the thread is stuck until signalled
        for _ in 0..<11 { releaser.release(Tracked(record)) }
        // The stuck job counts too: 7 of the 11 wait, and 4 were freed here, at once.
        let freedByCaller = record.policies.withLock { $0 }
        held.signal()
        #expect(freedByCaller.count == 4)
        #expect(!freedByCaller.contains(Self.idlePolicy))
        try await Self.wait(for: 11, in: record)
        #expect(record.policies.withLock { $0.suffix(7) } == Array(repeating: Self.idlePolicy, count: 7))
    }
}
