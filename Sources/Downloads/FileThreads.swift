import ProviderKit
import Synchronization

/// A few threads of their own for the downloads' file work (opening, fsync, rename, sidecars,
/// the archive), off Swift's cooperative pool; jobs go to them in turn, so fsyncs of several
/// finished files overlap.
final class FileThreads: Sendable {
    private let threads: [CacheThread]
    private let next = Atomic<Int>(0)

    init(count: Int) {
        threads = (0..<max(1, count)).map { CacheThread(name: "viewfinder-download-files-\($0)") }
    }

    /// Runs `work` on the next thread and returns its result; throws `CancellationError` when
    /// the calling task is cancelled first (the work still finishes in the background).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws(DownloadFailure) -> T) async throws -> T {
        let index = next.add(1, ordering: .relaxed).oldValue % threads.count
        let result: Result<T, DownloadFailure>? = await threads[index].run {
            do throws(DownloadFailure) { return .success(try work()) } catch { return .failure(error) }
        }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Runs `work` on every thread after the jobs already queued there, and waits for them all.
    func runOnEach(_ work: @escaping @Sendable () -> Void) async {
        for thread in threads { _ = await thread.run(work) }
    }
}
