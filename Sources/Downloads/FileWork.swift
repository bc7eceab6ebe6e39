import ProviderKit

/// The downloads' file work (naming, fsync, sidecars, copies, the archive) on
/// ``BlockingExecutor``'s threads, off Swift's cooperative pool: the fsyncs of several finished
/// files overlap. A thread that cannot be started fails the work with a ``DownloadFailure``.
struct FileWork: Sendable {
    /// Runs `work` and returns its result; throws `CancellationError` when the calling task is
    /// cancelled first (the work still finishes in the background).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws(DownloadFailure) -> T) async throws -> T {
        try await run(.stopWaiting, work)
    }

    /// Like ``run(_:)``, for work that takes over something the caller holds (an open temporary
    /// file) and must not be cut short once begun (naming a file and recording it): when the
    /// caller is cancelled before the work starts, the work is skipped and `unclaimed` runs
    /// instead; once it has started, the caller waits for it to end, cancelled or not.
    func run<T: Sendable>(
        _ work: @escaping @Sendable () throws(DownloadFailure) -> T, releasing unclaimed: @escaping @Sendable () -> Void
    ) async throws -> T {
        try await run(.skipOrWaitForEnd(release: unclaimed), work)
    }

    /// Runs `work` and waits for it to end even when the caller is cancelled: for short work
    /// that must not be cut short (a named file's sidecar and archive entry).
    func runToEnd<T: Sendable>(_ work: @escaping @Sendable () throws(DownloadFailure) -> T) async throws -> T {
        try await run(.waitForEnd, work)
    }

    private func run<T: Sendable>(
        _ whenCancelled: BlockingExecutor.WhenCancelled, _ work: @escaping @Sendable () throws(DownloadFailure) -> T
    ) async throws -> T {
        do {
            return try await BlockingExecutor.shared.run(whenCancelled: whenCancelled) { _ throws(DownloadFailure) in
                try work()
            }
        } catch let failure as NamedThread.StartFailure {
            throw DownloadFailure("\(failure)")
        }
    }
}
