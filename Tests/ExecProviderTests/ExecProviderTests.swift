import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import ExecProvider

/// The exec provider running real child processes: the example plugins and deliberately broken ones.
@Suite("Exec provider")
struct ExecProviderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalogue = repository.appendingPathComponent("Examples/plugins/public-domain-catalog.py").path
    static let broken = repository.appendingPathComponent("Tests/Fixtures/plugins/broken-plugin.py").path

    func provider(_ command: [String]) throws -> any PhotoProvider {
        try ExecFactory().makeProvider(
            name: "plugin", options: .init(command: command), context: ProviderConformance.makeContext())
    }

    @Test("the exec provider passes the shared conformance suite with the Python example")
    func conformance() async throws {
        try await ProviderConformance.check(
            ConformanceSubject(
                query: "harbor", available: 3,
                makeProvider: { name, context in
                    try ExecFactory().makeProvider(
                        name: name, options: .init(command: [Self.catalogue]), context: context)
                },
                makeBrokenProvider: { name, context in
                    try ExecFactory().makeProvider(
                        name: name, options: .init(command: [Self.broken, "bad-json"]), context: context)
                },
                makeSlowProvider: { name, context in
                    try ExecFactory().makeProvider(
                        name: name, options: .init(command: ["/bin/sh", "-c", "sleep 30"]), context: context)
                }))
    }

    @Test("the request line carries protocol, operation, query, limit and the pass-through options")
    func requestLine() throws {
        let line = PluginProtocol.requestLine(
            for: SearchRequest(.search("harbor fog"), limit: 7),
            options: ["boost": .string("sea"), "depth": .number(2)])
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"limit":7,"operation":"search","options":{"boost":"sea","depth":2},"protocol":1,"query":"harbor fog"}"#
                + "\n")
        let popular = PluginProtocol.requestLine(for: SearchRequest(.popular, limit: 3), options: [:])
        #expect(
            String(decoding: popular, as: UTF8.self).contains(
                #""operation":"popular","options":{},"protocol":1,"query":null"#))
    }

    @Test("photos are mapped from their JSON fields; only id is required")
    func mapping() throws {
        let photo = try #require(
            try PluginProtocol.photo(
                fromLine:
                    #"{"photo": {"id": 42, "title": "T", "author": "A", "page_url": "https://e.org/p", "image_url": "https://e.org/i.jpg", "thumbnail_url": "https://e.org/t.jpg", "width": 800, "height": 600, "taken_at": "2020-05-01T10:00:00Z", "tags": ["x"], "license": "CC0"}}"#,
                number: 1, provider: "plugin"))
        #expect(photo.id == "42")
        #expect(photo.images.map(\.size) == [.thumbnail, .large])
        #expect(photo.takenAt == Date(timeIntervalSince1970: 1_588_327_200))
        #expect(photo.license == License(name: "CC0"))
        let minimal = try #require(
            try PluginProtocol.photo(fromLine: #"{"photo": {"id": "a"}}"#, number: 1, provider: "p"))
        #expect(minimal.title == nil && minimal.images.isEmpty)
        #expect(try PluginProtocol.photo(fromLine: "   ", number: 3, provider: "p") == nil)
    }

    @Test("reaching the limit stops the program at once")
    func limitStopsProgram() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let photos = try await ProviderConformance.collect(
            try provider([Self.broken, "slow-photos"]), SearchRequest(.search("x"), limit: 3))
        #expect(photos.map(\.id) == ["p0", "p1", "p2"])
        #expect(clock.now - started < .seconds(15))  // the program alone would run for 20 s
    }

    @Test("cancelling the search kills the program and its children, and leaves no zombie")
    func cancellationKillsGroup() async throws {
        let marker = "vf-hang-\(UUID().uuidString)"
        let provider = try provider([Self.broken, "hang", marker])
        let task = Task { try await ProviderConformance.collect(provider, SearchRequest(.search("x"), limit: 10)) }
        try await waitUntil { !Self.processes(containing: marker).isEmpty }
        task.cancel()
        _ = await task.result
        try await waitUntil { Self.processes(containing: marker).isEmpty }
        #expect(Self.processes(containing: marker).isEmpty)
        try await waitUntil { Self.zombieChildren().isEmpty }
        #expect(Self.zombieChildren().isEmpty)
    }

    @Test("a missing program is reported by name")
    func missingProgram() async throws {
        await #expect(
            throws: ProviderError.notFound(
                "plugin: cannot run `/nonexistent/plugin`: No such file or directory; check `command` in the configuration"
            )
        ) {
            try await ProviderConformance.collect(
                try provider(["/nonexistent/plugin"]), SearchRequest(.search("x"), limit: 3))
        }
    }

    /// Polls `condition` for up to 10 s.
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// Pids whose command line contains `marker`.
    static func processes(containing marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return String(decoding: data, as: UTF8.self).contains(marker) && !state.contains(") Z ")
        }
    }

    /// This process's children that have exited but were never reaped.
    static func zombieChildren() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == me
        }
    }
}
