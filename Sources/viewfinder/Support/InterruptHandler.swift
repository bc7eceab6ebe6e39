import Dispatch
import Foundation
import Synchronization

/// Turns the first Ctrl-C into a callback (cancel the search, print what arrived); a second one exits at once.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let count = Counter()
        source.setEventHandler {
            if count.increment() > 1 { exit(130) }
            onInterrupt()
        }
        source.resume()
        self.source = source
    }

    /// Restores the default Ctrl-C behaviour.
    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    private final class Counter: Sendable {
        private let value = Mutex(0)

        func increment() -> Int {
            value.withLock { count in
                count += 1
                return count
            }
        }
    }
}
