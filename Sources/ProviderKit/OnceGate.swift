import Synchronization

/// A gate that opens once: tasks that wait while it is shut go on when it opens, and waiting
/// on an open gate returns at once ("the configuration has been read"). Waiting suspends the
/// task, never blocking a thread of Swift's pool; the gate is opened from any thread.
package final class OnceGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// A shut gate.
    package init() {}

    /// Whether the gate has been opened.
    package var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Returns once the gate is open.
    package func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Opens the gate: every waiting task goes on. Opening it again changes nothing.
    package func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
