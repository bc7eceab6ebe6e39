import Foundation
import ProviderTesting
import Testing

/// The package's own `viewfinder-picsum`: Viewfinder's command line with `type: picsum` added.
@Suite("viewfinder-picsum")
struct ViewfinderPicsumTests {
    /// The program, built beside this test bundle.
    static let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("viewfinder-picsum")

    /// Runs the program with `arguments` in `folder`; its standard output and exit status.
    func run(_ arguments: [String], in folder: URL) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = Self.program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test("lists `picsum` beside the built-in types and searches it from a configuration")
    func searchesPicsum() throws {
        let script = try #require(Bundle.module.url(forResource: "picsum_server", withExtension: "py"))
        let server = try LoopbackServer(scriptAt: script)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picsum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = "providers:\n  picsum:\n    type: picsum\n    endpoint: \(server.url("").absoluteString)\n"
        try config.write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)

        let types = try run(["providers"], in: folder)
        #expect(types.status == 0)
        #expect(types.output.contains("picsum"))
        #expect(types.output.contains("local-folder"))

        let search = try run(["search", "jarvis", "--limit", "3", "--format", "json"], in: folder)
        #expect(search.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any]
        let results = try #require(json?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(
            results.allSatisfy { $0["provider"] as? String == "picsum" && $0["author"] as? String == "Paul Jarvis" })
    }
}
