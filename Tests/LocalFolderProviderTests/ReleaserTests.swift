import Foundation
import Synchronization
import Testing

@testable import LocalFolderProvider

/// What a search hands to `Releaser` is freed on a thread that runs only when a core is idle.
@Suite("Local folder: freeing off the search's path")
struct ReleaserTests {
    /// The scheduling policy of the thread each value was freed on, as they are freed.
    final class Record: Sendable {
        let policies = Mutex<[Int32]>([])
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

    @Test("released values are freed on the release thread, at SCHED_IDLE, not by the caller")
    func freesOnIdleThread() async throws {
        let record = Record()
        let callerPolicy = sched_getscheduler(0)
        Releaser.release([Tracked(record), Tracked(record)])
        let deadline = ContinuousClock.now + .seconds(10)
        while record.policies.withLock({ $0.count }) < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let idlePolicy: Int32 = 5  // SCHED_IDLE, which Swift's Glibc module does not show
        #expect(callerPolicy != idlePolicy)
        #expect(record.policies.withLock { $0 } == [idlePolicy, idlePolicy])
    }
}
