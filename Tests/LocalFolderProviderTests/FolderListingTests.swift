import Foundation
import ProviderKit
import Synchronization
import Testing

@testable import LocalFolderProvider

/// The listing's jobs: folders and their lookups shared by the walk's threads, in an order that
/// does not change while the folder does not.
@Suite("Local folder: listing")
struct FolderListingTests {
    /// 700 files at the top (more than one job's lookups), and 30 folders of 40 files, some nested.
    static func makeTree() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for number in 0..<700 { try folder.write("top-\(number).jpg", Data(count: number % 7)) }
        for branch in 0..<30 {
            let parent = branch % 3 == 0 ? "branch-\(branch)/inner" : "branch-\(branch)"
            for number in 0..<40 { try folder.write("\(parent)/leaf-\(number).jpg", Data(count: number)) }
        }
        return folder
    }

    @Test("every file is listed once with its size, shallower files first, in the same order each time")
    func everyFileOnceInAStableOrder() throws {
        let folder = try Self.makeTree()
        defer { folder.remove() }
        let first = try #require(try FolderListing.list(folder.url.path, recursive: true, cancelled: OnceFlag()))
        let second = try #require(try FolderListing.list(folder.url.path, recursive: true, cancelled: OnceFlag()))
        let paths = first.files.map { String(decoding: $0.relative, as: UTF8.self) }
        #expect(paths.count == 700 + 30 * 40)
        #expect(Set(paths).count == paths.count)
        #expect(second.files.map(\.relative) == first.files.map(\.relative))
        let depths = paths.map { $0.split(separator: "/").count }
        #expect(depths == depths.sorted())  // a level of the tree at a time
        for (path, file) in zip(paths, first.files) {  // "top-N.jpg" holds N % 7 bytes, "…/leaf-N.jpg" N
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let number = Int(name.drop { !$0.isNumber }.dropLast(4)) ?? -1
            #expect(file.size == Int64(name.hasPrefix("top-") ? number % 7 : number), "\(path)")
        }
    }

    @Test("a job given alongside runs once, on the listing's threads, before the listing returns")
    func alongside() throws {
        let folder = try Self.makeTree()
        defer { folder.remove() }
        let runs = Mutex(0)
        let listing = try FolderListing.list(
            folder.url.path, recursive: false, cancelled: OnceFlag(), alongside: { runs.withLock { $0 += 1 } })
        #expect(runs.withLock { $0 } == 1)
        #expect(listing?.files.count == 700)  // not recursive: the top level only
    }

    @Test("a folder that cannot be listed gives nil; one that is cancelled throws")
    func unreadableAndCancelled() throws {
        let folder = try Self.makeTree()
        defer { folder.remove() }
        #expect(try FolderListing.list(folder.url.path + "/absent", recursive: true, cancelled: OnceFlag()) == nil)
        let cancelled = OnceFlag()
        cancelled.set()
        #expect(throws: CancellationError.self) {
            try FolderListing.list(folder.url.path, recursive: true, cancelled: cancelled)
        }
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
