import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

@Suite("Local folder: provider conformance")
struct LocalFolderConformanceTests {
    @Test("the local-folder provider passes the shared conformance suite")
    func conformance() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for index in 1...12 {
            try folder.copyPlain(to: "trip-\(index / 5)/harbor-\(index).jpg")
        }
        try folder.copyPlain(to: "slow/slow.jpg")
        let slow = SlowFileTests.SlowRead(blockingFor: 30)
        defer { slow.release.signal() }  // let the background read go once the test is done
        let file = folder.url.appendingPathComponent("not-a-folder.jpg")
        try PhotoFolder.jpegBytes.write(to: file)
        let subject = ConformanceSubject(
            query: "harbor", available: 12,
            // The suite's contexts keep their cache in a shared folder: keep ours inside our own.
            makeProvider: { name, context in
                var context = context
                context.cacheDirectory = folder.cache
                return try LocalFolderFactory().makeProvider(
                    name: name, options: .init(path: folder.url.path), context: context)
            },
            makeBrokenProvider: { name, context in
                var context = context
                context.cacheDirectory = folder.cache
                return try LocalFolderFactory().makeProvider(
                    name: name, options: .init(path: file.path), context: context)
            },
            // A folder whose one file takes 30 s to read (see SlowFileTests).
            makeSlowProvider: { name, _ in
                let root = folder.url.appendingPathComponent("slow")
                return LocalFolderProvider(
                    name: name, root: root, recursive: true,
                    indexFile: LocalIndex.location(for: root, in: folder.cache), logger: folder.context().logger,
                    examine: { path throws(ImageMetadataError) in try slow.examine(path) })
            })
        try await ProviderConformance.check(subject)
    }
}
