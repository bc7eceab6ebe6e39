import Foundation
import ProviderKit

/// Where the tests' files are, and the programs they run.
enum TestFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = folder.deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = repository.appendingPathComponent("Tests/LocalFolderProviderTests/Corpus")
    static let samples = repository.appendingPathComponent("Samples")
    static let helper = folder.appendingPathComponent("chafa_in_terminal.py").path

    /// The bytes of the corpus file at `path` (relative to the corpus folder).
    static func corpusFile(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(path)))
    }

    /// A new empty folder of the test's own under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `arguments` (a program found on PATH, then its arguments) with `environment` to its
    /// end on a blocking thread; its standard output, and whether it exited with 0.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
        succeeded: Bool, output: [UInt8]
    ) {
        try await BlockingExecutor.shared.run { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            var inherited = ProcessInfo.processInfo.environment
            inherited.merge(environment) { $1 }
            process.environment = inherited
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus == 0, [UInt8](data))
        }
    }

    /// A PNG of a fixed pattern made by the helper (RGB, or RGBA with see-through squares).
    static func makePNG(width: Int, height: Int, seed: Int, alpha: Bool, in folder: URL) async throws -> URL {
        let file = folder.appendingPathComponent("pattern-\(width)x\(height)-\(seed)-\(alpha ? "rgba" : "rgb").png")
        let made = try await run(
            ["python3", helper, "png", "\(width)", "\(height)", "\(seed)", alpha ? "1" : "0", file.path])
        guard made.succeeded else { throw CocoaError(.fileWriteUnknown) }
        return file
    }
}
