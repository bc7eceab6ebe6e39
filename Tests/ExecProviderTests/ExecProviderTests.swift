import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import ExecProvider

/// The exec provider running real child processes: the example plugins and deliberately broken ones.
@Suite("Exec provider")
struct ExecProviderTests {
    static let catalogue = Plugins.catalogue
    static let broken = Plugins.broken

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
        let line = try PluginProtocol.requestLine(
            for: SearchRequest(.search("harbor fog"), limit: 7),
            options: ["boost": .string("sea"), "depth": .double(2)])
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"limit":7,"operation":"search","options":{"boost":"sea","depth":2},"protocol":1,"query":"harbor fog"}"#
                + "\n")
        let popular = try PluginProtocol.requestLine(for: SearchRequest(.popular, limit: 3), options: [:])
        #expect(
            String(decoding: popular, as: UTF8.self).contains(
                #""operation":"popular","options":{},"protocol":1,"query":null"#))
    }

    @Test("photos are mapped from their JSON fields; only id is required")
    func mapping() throws {
        let photo = try #require(
            try PluginProtocol.photo(
                fromLine: Data(
                    #"{"photo": {"id": 42, "title": "T", "author": "A", "page_url": "https://e.org/p", "image_url": "https://e.org/i.jpg", "thumbnail_url": "https://e.org/t.jpg", "width": 800, "height": 600, "taken_at": "2020-05-01T10:00:00Z", "tags": ["x"], "license": "CC0"}}"#
                        .utf8),
                number: 1, provider: "plugin"))
        #expect(photo.id == "42")
        #expect(photo.images.map(\.size) == [.thumbnail, .large])
        #expect(photo.takenAt?.description == "2020-05-01T10:00:00Z")
        #expect(photo.takenAt?.instant == Date(timeIntervalSince1970: 1_588_327_200))
        #expect(photo.license == LicenseCatalog.cc0)
        let minimal = try #require(
            try PluginProtocol.photo(fromLine: Data(#"{"photo": {"id": "a"}}"#.utf8), number: 1, provider: "p"))
        #expect(minimal.title == nil && minimal.images.isEmpty)
        #expect(try PluginProtocol.photo(fromLine: Data("  \t ".utf8), number: 3, provider: "p") == nil)
    }

    @Test("reaching the limit stops the program at once")
    func limitStopsProgram() async throws {
        // The program alone would write for 20 s. Whether it was stopped is read from /proc, not
        // from a clock, so a loaded machine cannot make the answer wrong.
        let marker = "limit-\(UUID().uuidString)"
        let photos = try await ProviderConformance.collect(
            try provider([Self.broken, "slow-photos", marker]), SearchRequest(.search("x"), limit: 3))
        #expect(photos.map(\.id) == ["p0", "p1", "p2"])
        let left = ProcessTable.processes(containing: marker)
        #expect(left.allSatisfy(ProcessTable.wasKilled), "still running after the third photo: \(left)")
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
}
