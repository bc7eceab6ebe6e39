import Synchronization

/// A flag that is set once and read from any thread: "the search was cancelled",
/// "the child process was reaped".
package final class OnceFlag: Sendable {
    private let value = Mutex(false)

    /// A flag not yet set.
    package init() {}

    /// Sets the flag; setting it again changes nothing.
    package func set() { value.withLock { $0 = true } }

    /// Whether the flag has been set.
    package var isSet: Bool { value.withLock { $0 } }
}
