import Foundation
import ProviderKit
import Synchronization

/// Ends a transfer whose body stops arriving: a server that sends a few bytes and then nothing
/// (or one byte now and then) would otherwise hold a transfer slot for the whole transfer
/// timeout. ``run(limit:_:)`` gives the transfer `limit` without a byte before it is stopped.
final class StallWatch: Sendable {
    private let lastByte = Mutex(ContinuousClock.now)

    /// Notes that bytes arrived (called from the HTTP client's thread).
    func touch() {
        lastByte.withLock { $0 = .now }
    }

    /// Runs `transfer`, cancelling it when no byte arrives for `limit`; returns `nil` then.
    /// Rethrows the transfer's errors, and `CancellationError` when the caller is cancelled.
    func run<Value: Sendable>(
        limit: Duration, _ transfer: @escaping @Sendable () async throws -> Value
    ) async throws -> Value? {
        touch()
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await transfer() }
            group.addTask {
                let step = min(limit, .seconds(1))
                while true {
                    try await Task.sleep(for: step)
                    if self.lastByte.withLock({ ContinuousClock.now - $0 }) >= limit { return nil }
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { return nil }
            return first
        }
    }
}
