import Foundation
import ProviderKit
import Synchronization
import Testing

@testable import LocalFolderProvider

/// The listing's jobs: folders and their lookups shared by the walk's threads, in an order that
/// does not change while the folder does not.
@Suite("Local folder: listing")
struct FolderListingTests {
    /// 700 files at the top (more than one job's lookups), 30 folders of 40 files, and in every
    /// third of them a folder of 40 more.
    static func makeTree() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for number in 0..<700 { try folder.write("top-\(number).jpg", Data(count: number % 7)) }
        for branch in 0..<30 {
            for number in 0..<40 { try folder.write("branch-\(branch)/leaf-\(number).jpg", Data(count: number)) }
            guard branch % 3 == 0 else { continue }
            for number in 0..<40 { try folder.write("branch-\(branch)/inner/leaf-\(number).jpg", Data(count: number)) }
        }
        return folder
    }

    /// The files `FolderListing` finds in `path` and what it counted, listed off Swift's shared
    /// pool (the listing blocks, as the walk's thread does), with `alongside` as its extra job.
    static func list(
        _ path: String, recursive: Bool = true, cancelled: OnceFlag = OnceFlag(),
        alongside: (@Sendable () -> Void)? = nil
    ) async throws -> [FolderListing.File]? {
        try await BlockingExecutor.shared.run { _ in
            try FolderListing.list(path, recursive: recursive, cancelled: cancelled, alongside: alongside)?.files
        }
    }

    @Test("every file is listed once with its size, shallower files first, in the same order each time")
    func everyFileOnceInAStableOrder() async throws {
        let folder = try await BlockingExecutor.shared.run { _ in try Self.makeTree() }
        defer { folder.remove() }
        let first = try #require(try await Self.list(folder.url.path))
        let second = try #require(try await Self.list(folder.url.path))
        let paths = first.map { String(decoding: $0.relative, as: UTF8.self) }
        #expect(paths.count == 2_300)  // 700 at the top, 30 × 40 in the branches, 10 × 40 within them
        #expect(Set(paths).count == paths.count)
        #expect(second.map(\.relative) == first.map(\.relative))
        let depths = paths.map { $0.split(separator: "/").count }
        #expect(depths == depths.sorted())  // a level of the tree at a time
        for (path, file) in zip(paths, first) {  // "top-N.jpg" holds N % 7 bytes, "…/leaf-N.jpg" N
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let number = Int(name.drop { !$0.isNumber }.dropLast(4)) ?? -1
            #expect(file.size == Int64(name.hasPrefix("top-") ? number % 7 : number), "\(path)")
        }
        // Within a level, folders come in their parents' order, each folder's files together.
        func branches(atDepth depth: Int) -> [Int] {
            paths.filter { $0.split(separator: "/").count == depth }
                .map { Int($0.split(separator: "/")[0].dropFirst("branch-".count)) ?? -1 }
                .reduce(into: [Int]()) { runs, branch in if runs.last != branch { runs.append(branch) } }
        }
        #expect(Set(branches(atDepth: 2)).count == 30)  // each branch's files in one run
        #expect(branches(atDepth: 3) == branches(atDepth: 2).filter { $0 % 3 == 0 })
    }

    @Test("a job given alongside runs once, on the listing's threads, before the listing returns")
    func alongside() async throws {
        let folder = try await BlockingExecutor.shared.run { _ in try Self.makeTree() }
        defer { folder.remove() }
        let runs = Counter()
        let files = try await Self.list(folder.url.path, recursive: false, alongside: { runs.add() })
        #expect(runs.value == 1)
        #expect(files?.count == 700)  // not recursive: the top level only
    }

    @Test("a folder that cannot be listed gives nil; one that is cancelled throws")
    func unreadableAndCancelled() async throws {
        let folder = try await BlockingExecutor.shared.run { _ in try Self.makeTree() }
        defer { folder.remove() }
        #expect(try await Self.list(folder.url.path + "/absent") == nil)
        let cancelled = OnceFlag()
        cancelled.set()
        await #expect(throws: CancellationError.self) {
            try await Self.list(folder.url.path, cancelled: cancelled)
        }
    }

    /// A count shared by threads.
    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }
}

@Suite("Local folder: job queue")
struct JobQueueTests {
    @Test("jobs added by jobs run too, each once, and run returns only when all have")
    func jobsAddJobs() {
        let queue = JobQueue()
        let ran = Mutex<[Int]>([])
        for number in 0..<50 {
            queue.add {
                ran.withLock { $0.append(number) }
                queue.add(soon: number.isMultiple(of: 2)) { ran.withLock { $0.append(1000 + number) } }
            }
        }
        queue.run(threads: 3)
        #expect(ran.withLock { $0 }.sorted() == Array(0..<50) + Array(1000..<1050))
    }

    @Test("with every helper thread busy, the caller runs all the jobs and returns without waiting for one")
    func busyHelpers() async throws {
        let executor = BlockingExecutor(name: "vf-test-busy", threadLimit: 1)
        let hold = DispatchSemaphore(value: 0)
        executor.post { hold.wait() }  // its one thread, held until the run is over
        let queue = JobQueue(executor: executor)
        let ran = Mutex(0)
        for _ in 0..<20 { queue.add { ran.withLock { $0 += 1 } } }
        queue.run(threads: 3)
        #expect(ran.withLock { $0 } == 20)
        hold.signal()
        _ = try await executor.run { _ in }  // the late helpers found nothing to do
        #expect(ran.withLock { $0 } == 20)
    }

    @Test("one thread runs soon jobs before the others, the last added first, the others in order")
    func order() {
        let queue = JobQueue()
        let ran = Mutex<[String]>([])
        queue.add { ran.withLock { $0.append("a") } }
        queue.add { ran.withLock { $0.append("b") } }
        queue.add(soon: true) { ran.withLock { $0.append("soon-1") } }
        queue.add(soon: true) { ran.withLock { $0.append("soon-2") } }
        queue.run(threads: 1)
        #expect(ran.withLock { $0 } == ["soon-2", "soon-1", "a", "b"])
    }
}
