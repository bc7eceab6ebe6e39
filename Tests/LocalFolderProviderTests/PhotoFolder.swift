import Foundation
import LocalFolderProvider
import Logging
import ProviderKit
import ProviderTesting

/// A temporary folder of real image files copied from the bundled samples, with a cache folder
/// of its own beside it for the index; both removed by `remove()`.
struct PhotoFolder {
    /// The photos.
    let url: URL
    /// Where providers made with ``context(logs:)`` keep their index: never a shared folder.
    let cache: URL
    private let base: URL

    /// The repository's `Samples/` folder.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    /// A real JPEG and a real PNG's bytes, for files whose names say nothing about their format.
    static var jpegBytes: Data {
        (try? Data(contentsOf: samples.appendingPathComponent("harbor-crane-fog.jpg"))) ?? Data()
    }

    /// Creates an empty folder.
    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vf-local-\(UUID().uuidString)")
        url = base.appendingPathComponent("photos")
        cache = base.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The conformance suite's context, with its cache directory moved to ``cache``.
    func context(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        var context = ProviderConformance.makeContext(logs: logs)
        context.cacheDirectory = cache
        return context
    }

    /// ``context(logs:)`` with debug logging, so `--verbose`'s summary lines reach `logs`.
    func verboseContext(logs: CapturingLogHandler.Store) -> ProviderContext {
        var context = context(logs: logs)
        var logger = CapturingLogHandler.logger(logs)
        logger.logLevel = .debug
        context.logger = logger
        return context
    }

    /// Searches the folder for `query` with a provider that logs at `--verbose` level into `logs`.
    func verboseSearch(_ query: String, logs: CapturingLogHandler.Store, limit: Int = 50) async throws -> [Photo] {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: url.path), context: verboseContext(logs: logs))
        return try await ProviderConformance.collect(provider, SearchRequest(.search(query), limit: limit))
    }

    /// Writes `data` at `relativePath`, creating folders.
    func write(_ relativePath: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// A small JPEG with no metadata at all, for tests about names alone.
    static let plainJPEG = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus/plain.jpg")

    /// Copies the metadata-free JPEG to `relativePath`.
    func copyPlain(to relativePath: String) throws {
        try write(relativePath, Data(contentsOf: Self.plainJPEG))
    }

    /// Copies a file of the test corpus to `relativePath`.
    func copyCorpus(_ name: String, to relativePath: String) throws {
        try write(
            relativePath, Data(contentsOf: Self.plainJPEG.deletingLastPathComponent().appendingPathComponent(name)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }
}
