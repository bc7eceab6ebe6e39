import Foundation
import ProviderKit
import Testing

/// `serve` as processes: the recent searches two of them share (a clear on one, racing a search
/// finishing on the other, stays cleared after a restart), and how a signal stops one.
@Suite("serve processes: shared recent searches and signals", .serialized)
struct ServeProcessTests {
    /// A plugin that answers one photo a second after it is asked.
    static let plugin =
        "#!/bin/sh\nread -r request\nsleep 1\nprintf '%s\\n' '{\"photo\":{\"id\":\"a\",\"title\":\"A\"}}'\n"

    /// A running `serve` in `folder` and its address.
    static func serve(in folder: URL) async throws -> (RunningViewfinder, URL) {
        let run = try RunningViewfinder(["serve", "--port", "0"], in: folder)
        let line = await run.firstLine()  // "Viewfinder is serving http://127.0.0.1:PORT/ (Ctrl-C stops it)"
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") })
        return (run, try #require(URL(string: String(address))))
    }

    @Test("a DELETE on one serve while a search started before it finishes on another stays deleted")
    func deleteRacingAFinishingSearch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-recent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plugin = folder.appendingPathComponent("slow.sh")
        try ExecutableScript.write(Self.plugin, to: plugin)
        try Data("providers:\n  slow:\n    type: exec\n    command: [./slow.sh]\n".utf8)
            .write(to: folder.appendingPathComponent("config.yaml"))
        // Searches an earlier session kept (HOME is the folder: the data folder is below it).
        let data = folder.appendingPathComponent(".local/share/viewfinder")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"[{"query":"old","count":3},{"query":"older","count":2}]"#.utf8)
            .write(to: data.appendingPathComponent("recent-searches.json"))

        let (searching, searchingURL) = try await Self.serve(in: folder)
        defer { searching.process.terminate() }
        let (clearing, clearingURL) = try await Self.serve(in: folder)
        defer { clearing.process.terminate() }
        let client = CurlHTTPClient(userAgent: "test")
        // The first server has read the old list (the page asks for it on load).
        let before = try await client.send(HTTPRequest(url: searchingURL.appendingPathComponent("api/recent")))
        #expect(String(decoding: before.body, as: UTF8.self).contains("older"))

        // A search on the first; while its plugin thinks, a clear on the second.
        let events = searchingURL.appendingPathComponent("api/events").absoluteString + "?q=harbor"
        let search = Task {
            try await client.send(HTTPRequest(url: URL(string: events)!, timeout: .seconds(20)))
        }
        try await Task.sleep(for: .milliseconds(300))
        let cleared = try await client.send(
            HTTPRequest(method: "DELETE", url: clearingURL.appendingPathComponent("api/recent")))
        #expect(cleared.status == 200)
        let finished = try await search.value
        #expect(
            String(decoding: finished.body, as: UTF8.self).contains(#""summary":"1 photo from 1 source"}"#),
            "the search finished with its photo")

        // After a restart, nothing came back: neither the old list nor the search started before the clear.
        searching.process.terminate()
        clearing.process.terminate()
        let (restarted, restartedURL) = try await Self.serve(in: folder)
        defer { restarted.process.terminate() }
        let after = try await client.send(HTTPRequest(url: restartedURL.appendingPathComponent("api/recent")))
        #expect(String(decoding: after.body, as: UTF8.self) == "[]")
    }

    @Test(
        "SIGTERM or Ctrl-C stops serve gracefully: a running search is cancelled, its stream ends with its final state",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalStopsGracefully(signal: Int32, expected: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plugin = folder.appendingPathComponent("stuck.sh")
        try ExecutableScript.write("#!/bin/sh\nread -r request\nexec sleep 30\n", to: plugin)
        try Data("search:\n  timeout: 60s\nproviders:\n  stuck:\n    type: exec\n    command: [./stuck.sh]\n".utf8)
            .write(to: folder.appendingPathComponent("config.yaml"))
        let (server, address) = try await Self.serve(in: folder)
        defer { server.process.terminate() }
        let client = CurlHTTPClient(userAgent: "test")
        let events = address.appendingPathComponent("api/events").absoluteString + "?q=harbor"
        let stream = Task { try await client.send(HTTPRequest(url: URL(string: events)!, timeout: .seconds(20))) }
        try await Task.sleep(for: .milliseconds(700))  // the search is running, its plugin asleep
        let started = ContinuousClock.now
        kill(server.pid, signal)
        let status = await server.status(timeout: .seconds(15))
        #expect(status == expected, "stderr: \(server.errorText())")
        #expect(
            ContinuousClock.now - started < .seconds(4), "stopped by the signal, not by the deadline or the last resort"
        )
        let body = String(decoding: try await stream.value.body, as: UTF8.self)
        #expect(body.contains("cancelled"), "the stream ended with the search's final state: \(body.suffix(300))")
    }
}
