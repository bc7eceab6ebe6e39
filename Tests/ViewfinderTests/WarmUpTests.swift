import Foundation
import ServiceBus
import Testing

@testable import ViewfinderCommandLine

/// The warm-up reads the configuration ahead of ArgumentParser, from its own reading of
/// `--config`; a wrong guess only costs the read (the command compares the files).
@Suite("The warm-up finds --config on the raw command line", .serialized)
struct WarmUpTests {
    @Test(
        "--config PATH and --config=PATH, not after --, not a look-alike",
        arguments: [
            (["viewfinder", "search", "harbor", "--config", "a.yaml"], "a.yaml"),
            (["viewfinder", "download", "--config=b.yaml", "harbor", "--to", "x"], "b.yaml"),
            (["viewfinder", "search", "--config=", "harbor"], ""),
            (["viewfinder", "search", "harbor"], nil),
            (["viewfinder", "search", "--", "--config", "c.yaml"], nil),
            (["viewfinder", "search", "harbor", "--config"], nil),
            (["viewfinder", "search", "--configuration", "d.yaml"], nil),
            (["viewfinder"], nil),
        ] as [([String], String?)])
    func findsConfigPath(arguments: [String], named: String?) {
        #expect(WarmUp.configPath(in: arguments) == named)
    }

    @Test("a configuration read ahead is taken once, and only for the file the command names")
    func takenOnceForTheSameFile() throws {
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.yaml").path
        let file = try Setup.locate(bundled)
        let other = URL(fileURLWithPath: bundled).deletingLastPathComponent().appendingPathComponent("other.yaml")
        WarmUp.preload(configPath: bundled)
        #expect(WarmUp.takeConfiguration(readFrom: .file(other)) == nil)
        #expect(WarmUp.takeConfiguration(readFrom: .builtIn) == nil)
        let taken = try #require(WarmUp.takeConfiguration(readFrom: file))
        #expect(taken.instances.map(\.name).contains("samples"))
        #expect(WarmUp.takeConfiguration(readFrom: file) == nil)  // taken once

        WarmUp.preload(configPath: "/nonexistent/viewfinder-config.yaml")  // left for the command to report
        #expect(
            WarmUp.takeConfiguration(readFrom: .file(URL(fileURLWithPath: "/nonexistent/viewfinder-config.yaml")))
                == nil)
    }

    @Test("a command waits for the file the warm-up is reading and takes it, instead of reading it again")
    func waitsForTheReading() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-warm-up-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.yaml").path
        let text = "providers:\n  here:\n    type: local-folder\n    path: .\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let source = try Setup.locate(path)
        WarmUp.start(arguments: ["viewfinder", "providers", "--config", path])
        await WarmUp.configurationRead()
        let taken = try #require(WarmUp.takeConfiguration(readFrom: source))
        #expect(taken.instances.map(\.name) == ["here"])
        await WarmUp.configurationRead()  // nothing being read: returns at once
    }
}
