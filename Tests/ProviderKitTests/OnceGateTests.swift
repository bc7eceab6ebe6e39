import ProviderKit
import Synchronization
import Testing

/// A gate that opens once: who waits before goes on when it opens, who waits after goes at once.
@Suite struct OnceGateTests {
    @Test("a hundred tasks waiting on a shut gate all go on when it opens, and not before")
    func waitersGoOnWhenOpened() async {
        let gate = OnceGate()
        let through = Count()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    await gate.wait()
                    through.add()
                }
            }
            // The tasks are waiting (or about to): none has gone through a shut gate.
            try? await Task.sleep(for: .milliseconds(50))
            #expect(through.value == 0)
            #expect(!gate.isOpen)
            gate.open()
        }
        #expect(through.value == 100)
    }

    @Test("waiting on an open gate returns at once; opening it again changes nothing")
    func openGate() async {
        let gate = OnceGate()
        gate.open()
        gate.open()
        #expect(gate.isOpen)
        await gate.wait()
        await gate.wait()
    }

    @Test("opened from a thread of its own while tasks wait")
    func openedFromAThread() async throws {
        let gate = OnceGate()
        try NamedThread.tryStart("vf-test-gate") { gate.open() }
        await gate.wait()
        #expect(gate.isOpen)
    }

    /// A count shared by tasks.
    private final class Count: Sendable {
        private let count = Mutex(0)

        func add() { count.withLock { $0 += 1 } }

        var value: Int { count.withLock { $0 } }
    }
}
