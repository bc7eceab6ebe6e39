import ProviderKit
import Synchronization
import Testing

@Suite("Named threads")
struct NamedThreadTests {
    @Test("a thread that cannot be started is an error that names it, and its body never runs")
    func startFailureIsReported() {
        let ran = Atomic(false)
        let failure = #expect(throws: NamedThread.StartFailure.self) {
            // A stack larger than any address space: pthread_create cannot map it.
            try NamedThread.tryStart("vf-test-start", stackSize: 1 << 60) { ran.store(true, ordering: .relaxed) }
        }
        #expect(failure?.name == "vf-test-start")
        #expect(failure?.description.hasPrefix("cannot start a thread (vf-test-start): ") == true)
        #expect(ran.load(ordering: .relaxed) == false)
    }

}
