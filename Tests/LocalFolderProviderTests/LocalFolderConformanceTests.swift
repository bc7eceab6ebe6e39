import Foundation
import LocalFolderProvider
import ProviderKit
import ProviderTesting
import Testing

@Suite("Local folder: provider conformance")
struct LocalFolderConformanceTests {
    @Test("the local-folder provider passes the shared conformance suite")
    func conformance() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for index in 1...12 {
            try folder.copyPlain(to: "trip-\(index / 5)/harbor-\(index).jpg")
        }
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
            })
        try await ProviderConformance.check(subject)
    }
}
