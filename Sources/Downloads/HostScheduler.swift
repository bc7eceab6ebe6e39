/// Decides when each transfer may start: at most `parallel` at once, at most `perHost` to one
/// host, none to a host while it is paused (it answered 429 or 503); waiting transfers start
/// in the order they asked, each as soon as its own host allows.
package actor HostScheduler {
    private struct Waiter {
        let id: Int
        let host: String
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let parallel: Int
    private let perHost: Int
    private let clock = ContinuousClock()
    private var running = 0
    private var runningByHost: [String: Int] = [:]
    private var pausedUntil: [String: ContinuousClock.Instant] = [:]
    private var waiters: [Waiter] = []
    /// How many waiters each host has (hosts without any are not listed).
    private var waitingByHost: [String: Int] = [:]
    private var nextID = 0

    /// A scheduler allowing `parallel` transfers, `perHost` to one host (both at least 1).
    package init(parallel: Int, perHost: Int) {
        self.parallel = max(1, parallel)
        self.perHost = max(1, perHost)
    }

    /// Waits until a transfer to `host` may start, and counts it as running; call
    /// ``finished(_:)`` when it ends. Throws `CancellationError` when the task is cancelled.
    package func start(_ host: String) async throws {
        try Task.checkCancellation()
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters.append(Waiter(id: id, host: host, continuation: continuation))
                waitingByHost[host, default: 0] += 1
                admit()
            }
        } onCancel: {
            Task { await self.abandon(id) }
        }
    }

    /// A transfer to `host` ended.
    package func finished(_ host: String) {
        running -= 1
        runningByHost[host, default: 1] -= 1
        admit()
    }

    /// No transfer to `host` starts for `duration` (those running go on).
    package func pause(_ host: String, for duration: Duration) {
        let until = clock.now + duration
        pausedUntil[host] = max(pausedUntil[host] ?? until, until)
        Task {
            try? await Task.sleep(until: until, clock: ContinuousClock())
            self.admit()
        }
    }

    /// How many transfers wait to start.
    package var waitingCount: Int { waiters.count }

    /// Whether `host` is paused now.
    package func isPaused(_ host: String) -> Bool {
        (pausedUntil[host].map { $0 > clock.now }) ?? false
    }

    private func abandon(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        removeWaiter(at: index).continuation.resume(throwing: CancellationError())
    }

    private func removeWaiter(at index: Int) -> Waiter {
        let waiter = waiters.remove(at: index)
        if waitingByHost[waiter.host] == 1 {
            waitingByHost[waiter.host] = nil
        } else {
            waitingByHost[waiter.host, default: 1] -= 1
        }
        return waiter
    }

    /// Starts every waiter, in order, whose host allows it now. A host found full or paused is
    /// not asked again in the same pass, and the pass ends once every waiting host is: with one
    /// host at its limit, a pass over hundreds of waiting photos stops at the first.
    private func admit() {
        let now = clock.now
        var blocked: Set<String> = []
        var index = 0
        while index < waiters.count, running < parallel {
            let host = waiters[index].host
            if blocked.contains(host) {
                index += 1
                continue
            }
            let paused = pausedUntil[host].map { $0 > now } ?? false
            if !paused, runningByHost[host, default: 0] < perHost {
                running += 1
                runningByHost[host, default: 0] += 1
                removeWaiter(at: index).continuation.resume()
            } else {
                blocked.insert(host)
                if blocked.count == waitingByHost.count { break }
                index += 1
            }
        }
    }

}
