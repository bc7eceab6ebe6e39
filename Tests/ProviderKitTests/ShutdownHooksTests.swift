import Foundation
import Logging
import ProviderKit
import Synchronization
import Testing

/// How providers say what must be stopped before an early exit.
@Suite("Shutdown hooks")
struct ShutdownHooksTests {
    @Test("a hook added twice under one key runs once per runAll; each key's hook runs; copies share them")
    func hooksRunOncePerKey() {
        let counts = Mutex<[String: Int]>([:])
        let hooks = ShutdownHooks()
        for _ in 0..<3 {
            hooks.add("plugins") { counts.withLock { $0["plugins", default: 0] += 1 } }
        }
        hooks.add("other") { counts.withLock { $0["other", default: 0] += 1 } }
        var context = ProviderContext(
            http: CurlHTTPClient(userAgent: "test"), logger: Logger(label: "test"),
            cacheDirectory: URL(fileURLWithPath: "/nonexistent"), baseDirectory: URL(fileURLWithPath: "/"))
        context.shutdown = hooks
        let copy = context  // a provider's copy of the context adds to the same hooks
        copy.shutdown.add("late") { counts.withLock { $0["late", default: 0] += 1 } }
        hooks.runAll()
        #expect(counts.withLock { $0 } == ["plugins": 1, "other": 1, "late": 1])
        hooks.runAll()
        #expect(counts.withLock { $0 } == ["plugins": 2, "other": 2, "late": 2])
    }
}
