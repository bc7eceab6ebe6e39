import Foundation
import Testing

/// libcurl and its TLS library are loaded only for a lineup that uses the network: a local-only
/// search, `--version` and `config check` start without them, and without libcrypto, which
/// only the cache's keys and the page's hashes use, nor libxxhash, which only checksums use (the
/// dynamic loader's own record, `LD_DEBUG=files`, names every library it loads).
@Suite("libcurl is loaded only when a provider uses the network")
struct NetworkLibraryCommandLineTests {
    /// A configuration with the samples folder alone.
    static let localOnly = "providers:\n  photos:\n    type: local-folder\n    path: photos\n"

    /// The libraries the dynamic loader loaded while `arguments` ran in `workspace`.
    static func loaded(_ arguments: [String], in workspace: Workspace) async throws -> String {
        let output = try await workspace.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(output.status == 0, "\(arguments): \(output.stderr.suffix(500))")
        return output.stderr
    }

    @Test(
        "a local-only search, --version and config check never load libcurl or libcrypto; a network provider does")
    func onlyForTheNetwork() async throws {
        let local = try Workspace.withThreeSamples(config: Self.localOnly)
        defer { local.remove() }
        for arguments in [
            ["search", "harbor"], ["search", "harbor", "--offline"], ["--version"], ["config", "check"],
        ] {
            let record = try await Self.loaded(arguments, in: local)
            #expect(record.contains("file=libc.so.6"), "LD_DEBUG=files records the libraries loaded")
            #expect(!record.contains("libcurl.so"), "\(arguments) loaded libcurl")
            #expect(!record.contains("libcrypto.so"), "\(arguments) loaded libcrypto")
        }

        // The same search with a web source beside the folder (nothing listens on port 9):
        // libcurl is loaded, so the record above would have shown it.
        let network = try Workspace(
            oneSampleAnd: "openverse:\n  type: openverse\n  endpoint: http://127.0.0.1:9/v1/\n  timeout: 2s")
        defer { network.remove() }
        let record = try await Self.loaded(["search", "harbor", "--no-cache"], in: network)
        #expect(record.contains("libcurl.so.4"))
        #expect(record.contains("libcrypto.so.3"))
    }

    @Test("libxxhash is loaded for a checksum only: the gazetteer's first check, not a search after it")
    func checksumLibraryOnFirstUse() async throws {
        let local = try Workspace.withThreeSamples(config: Self.localOnly)
        defer { local.remove() }
        // The first search checks the gazetteer's file in full (XXH3 over 6.7 MB) and notes that
        // it passed; the next finds the note and takes no checksum.
        let first = try await Self.loaded(["search", "harbor", "--offline"], in: local)
        #expect(first.contains("libxxhash.so.0"), "the first search checked the gazetteer with libxxhash")
        for arguments in [["search", "harbor", "--offline"], ["--version"], ["config", "check"]] {
            let record = try await Self.loaded(arguments, in: local)
            #expect(record.contains("file=libc.so.6"), "LD_DEBUG=files records the libraries loaded")
            #expect(!record.contains("libxxhash.so"), "\(arguments) loaded libxxhash")
        }
    }
}
