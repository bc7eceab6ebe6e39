import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// A short pass of the fuzz targets over their seeds and every regression file, run with every
/// `swift test`: each input goes through the same entry point libFuzzer calls, and must end
/// without a crash, quickly.
@Suite("Local folder: fuzz seeds and regression files")
struct FuzzCorpusTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    /// The files in `folders` (below Fuzz/, or absolute), by name.
    static func inputs(_ folders: [URL]) throws -> [(name: String, bytes: [UInt8])] {
        try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
                (
                    folder.lastPathComponent + "/" + name,
                    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
                )
            }
        }
    }

    @Test("every metadata seed, regression and crafted hostile file goes through the metadata fuzz entry quickly")
    func metadataInputs() async throws {
        let inputs = try Self.inputs([
            Self.fuzz.appendingPathComponent("metadata-seeds"),
            Self.fuzz.appendingPathComponent("metadata-regressions"),
            HostileFileTests.hostile,
        ])
        #expect(inputs.count >= 16)
        #expect(inputs.contains { $0.name == "metadata-regressions/heic-short-meta.heic" })
        #expect(inputs.contains { $0.name == "metadata-regressions/jpeg-exif-identifier-at-segment-end.jpg" })
        #expect(inputs.contains { $0.name == "metadata-regressions/jpeg-empty-xmp-packet.jpg" })
        MetadataFuzzEntry.run([])  // libFuzzer's first input, which once trapped the XMP reader
        let times = try await BlockingExecutor.shared.run { _ in
            inputs.map { input in threadCPUTime { MetadataFuzzEntry.run(input.bytes) } }
        }
        for (input, took) in zip(inputs, times) {
            #expect(took < .seconds(2), "\(input.name) took \(took) of CPU")  // libFuzzer's hang limit is 5 s
        }
    }

    @Test("every index seed and regression goes through the index fuzz entry quickly")
    func indexInputs() async throws {
        let inputs = try Self.inputs([
            Self.fuzz.appendingPathComponent("index-seeds"), Self.fuzz.appendingPathComponent("index-regressions"),
        ])
        #expect(inputs.count >= 2)
        let times = try await BlockingExecutor.shared.run { _ in
            inputs.map { input in threadCPUTime { IndexFuzzEntry.run(input.bytes) } }
        }
        for (input, took) in zip(inputs, times) {
            #expect(took < .seconds(2), "\(input.name) took \(took) of CPU")
        }
    }

    @Test("the index seeds are in the current record format, so the fuzzer starts past the record checks")
    func indexSeedsLoad() throws {
        let seeds = try Self.inputs([Self.fuzz.appendingPathComponent("index-seeds")])
        #expect(!seeds.isEmpty)
        for seed in seeds {
            let catalog = IndexFuzzEntry.catalog(seed.bytes)
            #expect((catalog?.offsets.count ?? 0) > 0, "\(seed.name) does not load")
        }
    }
}
