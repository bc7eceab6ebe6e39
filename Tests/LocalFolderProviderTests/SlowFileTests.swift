import Dispatch
import Foundation
import ProviderKit
import ProviderTesting
import Synchronization
import Testing

@testable import LocalFolderProvider

/// A file whose read blocks must not hold up a search that has been cancelled (by its deadline,
/// or by Ctrl-C): the provider's stream ends at once, and the blocked read finishes on its own
/// thread with nobody waiting for it.
///
/// A regular file whose read blocks cannot be made without FUSE or a network file system (and
/// the walk skips FIFOs), so the provider's file reader is replaced by one that blocks on
/// `slow.jpg` for 30 s and reads every other file as usual.
@Suite("Local folder: a slow file does not hold up a cancelled search")
struct SlowFileTests {
    /// Blocks on the slow file until released, at most `seconds`; says when a read has started.
    final class SlowRead: Sendable {
        let seconds: Double
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = Mutex(false)

        init(blockingFor seconds: Double) {
            self.seconds = seconds
        }

        func examine(_ path: String) throws(ImageMetadataError) -> ImageInspector.Outcome {
            if path.hasSuffix("/slow.jpg") {
                started.signal()
                _ = release.wait(timeout: .now() + seconds)
                finished.withLock { $0 = true }
            }
            return try ImageInspector.examine(path: path)
        }
    }

    @Test("cancelling while a file read is blocked for 30 s ends the provider's stream within 2 s")
    func cancelledWhileReadBlocks() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "slow.jpg")
        for index in 1...200 { try folder.copyPlain(to: "harbor-\(index).jpg") }
        let slow = SlowRead(blockingFor: 30)
        defer { slow.release.signal() }  // let the background read go once the test is done
        let provider = LocalFolderProvider(
            name: "local", root: folder.url, recursive: true,
            indexFile: LocalIndex.location(for: folder.url, in: folder.cache), logger: folder.context().logger,
            examine: { path throws(ImageMetadataError) in try slow.examine(path) })
        let consumer = Task {
            try await ProviderConformance.collect(provider, SearchRequest(.search("harbor"), limit: 5))
        }
        // Wait on a thread of its own (Dispatch's workers run Swift's tasks on Linux) until the slow read has begun.
        let began = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: slow.started.wait(timeout: .now() + 10)) }.start()
        }
        try #require(began == .success, "the slow file was never read")
        let clock = ContinuousClock()
        let cancelled = clock.now
        consumer.cancel()
        let result = await consumer.result
        let took = clock.now - cancelled
        #expect(took < .seconds(2), "the stream ended \(took) after cancellation")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(slow.finished.withLock { $0 } == false)  // the read was still blocked: nobody waited
        // The cancelled walk left no index behind: a partial walk is never saved.
        #expect(!FileManager.default.fileExists(atPath: LocalIndex.location(for: folder.url, in: folder.cache).path))
    }

    @Test("an uncancelled search still waits for a slow file (0.2 s here) and finds everything")
    func uncancelledSearchReadsSlowFile() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyPlain(to: "slow.jpg")
        try folder.copyPlain(to: "harbor-1.jpg")
        let slow = SlowRead(blockingFor: 0.2)
        let provider = LocalFolderProvider(
            name: "local", root: folder.url, recursive: true, indexFile: nil, logger: folder.context().logger,
            examine: { path throws(ImageMetadataError) in try slow.examine(path) })
        let photos = try await ProviderConformance.collect(provider, SearchRequest(.search("harbor slow"), limit: 5))
        #expect(photos.isEmpty)
        let all = try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 5))
        #expect(Set(all.map(\.id)) == ["slow.jpg", "harbor-1.jpg"])
    }
}
