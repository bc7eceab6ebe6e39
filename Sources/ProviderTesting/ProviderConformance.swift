import Foundation
import Logging
import ProviderKit

/// What the conformance suite needs to exercise one provider module.
public struct ConformanceSubject: Sendable {
    /// A query for which the provider has at least `available` results.
    public var query: String
    /// How many results exist for `query` (at least 3).
    public var available: Int
    /// A secret value configured into providers made by `makeProvider`, if the provider has one.
    public var secret: String?
    /// Makes a working provider named `name`.
    public var makeProvider: @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider
    /// Makes a provider whose source answers with bad data (or is broken); searching it must throw.
    public var makeBrokenProvider:
        @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider
    /// Makes a provider whose source takes 30 s or more to answer `query` (a server that delays
    /// its answer, a plugin that sleeps, a file that blocks), so the suite can cancel the search
    /// while a fetch is in flight. Without it, ``ProviderConformance/stopsWhenCancelled(_:)`` can
    /// only cancel before the first fetch, which proves little: every provider should supply one.
    public var makeSlowProvider:
        (@Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider)?
    /// Asked after the slow search was cancelled: whether the source saw its fetch abandoned
    /// (the server saw the client hang up, the plugin was killed); `nil` when it cannot tell.
    public var slowSourceWasAbandoned: (@Sendable () async throws -> Bool)?

    /// Describes a provider under test.
    public init(
        query: String,
        available: Int,
        secret: String? = nil,
        makeProvider:
            @escaping @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider,
        makeBrokenProvider:
            @escaping @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider,
        makeSlowProvider:
            (@Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider)? = nil,
        slowSourceWasAbandoned: (@Sendable () async throws -> Bool)? = nil
    ) {
        self.query = query
        self.available = available
        self.secret = secret
        self.makeProvider = makeProvider
        self.makeBrokenProvider = makeBrokenProvider
        self.makeSlowProvider = makeSlowProvider
        self.slowSourceWasAbandoned = slowSourceWasAbandoned
    }
}

/// A broken promise of the provider contract.
public struct ConformanceFailure: Error, CustomStringConvertible {
    /// Which rule was broken, and how.
    public let description: String
}

/// The checks every provider module must pass, run from its own test target.
public enum ProviderConformance {
    /// Runs every check in a temporary folder of its own (the providers' cache directory),
    /// removed afterwards; throws ``ConformanceFailure`` at the first broken rule.
    public static func check(_ subject: ConformanceSubject) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "viewfinder-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await $runFolder.withValue(folder) {
            try await honoursLimit(subject)
            try await tagsResultsWithInstanceName(subject)
            try await stopsWhenCancelled(subject)
            try await reportsBadDataAsError(subject)
            try await neverLeaksSecret(subject)
        }
    }

    /// The folder of the ``check(_:)`` run in progress, if any.
    @TaskLocal private static var runFolder: URL?

    /// A context with a capturing logger (tests may read `logs` afterwards) and a cache directory
    /// of its own: inside the running ``check(_:)``'s folder, or a fresh folder under the system's
    /// temporary directory, never a shared one.
    public static func makeContext(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        let base = runFolder ?? FileManager.default.temporaryDirectory
        return ProviderContext(
            http: CurlHTTPClient(userAgent: "viewfinder-conformance"), logger: CapturingLogHandler.logger(logs),
            cacheDirectory: base.appendingPathComponent("viewfinder-conformance-cache-\(UUID().uuidString)"),
            baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// Asking for fewer results than exist returns exactly that many, and never more.
    public static func honoursLimit(_ subject: ConformanceSubject) async throws {
        let provider = try await subject.makeProvider("conformance", makeContext())
        for limit in [1, subject.available - 1] {
            let photos = try await collect(provider, SearchRequest(.search(subject.query), limit: limit))
            guard photos.count == limit else {
                throw ConformanceFailure(description: "asked for \(limit) results, got \(photos.count)")
            }
        }
        let all = try await collect(provider, SearchRequest(.search(subject.query), limit: subject.available + 50))
        guard all.count >= subject.available else {
            throw ConformanceFailure(
                description: "expected at least \(subject.available) results for \"\(subject.query)\", got \(all.count)"
            )
        }
    }

    /// Every photo carries the instance name it was configured under, and a non-empty id.
    public static func tagsResultsWithInstanceName(_ subject: ConformanceSubject) async throws {
        let provider = try await subject.makeProvider("tagged-instance", makeContext())
        let photos = try await collect(provider, SearchRequest(.search(subject.query), limit: subject.available))
        if let stray = photos.first(where: { $0.provider != "tagged-instance" || $0.id.isEmpty }) {
            throw ConformanceFailure(
                description: "photo `\(stray.id)` is tagged `\(stray.provider)` instead of `tagged-instance`")
        }
        guard provider.name == "tagged-instance" else {
            throw ConformanceFailure(description: "provider reports name `\(provider.name)`, not `tagged-instance`")
        }
    }

    /// A search cancelled while its first fetch is in flight ends within five seconds, though the
    /// source would take 30 s: the provider aborts the fetch (closes the connection, kills the
    /// plugin) instead of waiting for it. Cancelling before the first fetch would prove nothing.
    public static func stopsWhenCancelled(_ subject: ConformanceSubject) async throws {
        guard let makeSlowProvider = subject.makeSlowProvider else {
            return try await stopsWhenCancelledBeforeFetching(subject)
        }
        let provider = try await makeSlowProvider("conformance", makeContext())
        let request = SearchRequest(.search(subject.query), limit: 10)
        let clock = ContinuousClock()
        let finished = OnceFlag()
        let consumer = Task {
            defer { finished.set() }
            return try await collect(provider, request)
        }
        try await Task.sleep(for: .milliseconds(500))  // the fetch is under way
        guard !finished.isSet else {
            throw ConformanceFailure(description: "the slow source answered within 0.5 s; it must take 30 s")
        }
        let cancelled = clock.now
        consumer.cancel()
        let ended = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                _ = await consumer.result
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        let elapsed = clock.now - cancelled
        guard ended, elapsed < .seconds(5) else {
            throw ConformanceFailure(description: "a search cancelled mid-fetch was still running after \(elapsed)")
        }
        if let wasAbandoned = subject.slowSourceWasAbandoned {
            var abandoned = false
            for _ in 0..<50 where !abandoned {  // the source may notice a moment later
                abandoned = try await wasAbandoned()
                if !abandoned { try await Task.sleep(for: .milliseconds(100)) }
            }
            guard abandoned else {
                throw ConformanceFailure(
                    description: "the search ended, but the source never saw its fetch abandoned (still running?)")
            }
        }
    }

    /// The weak form, for a subject without ``ConformanceSubject/makeSlowProvider``: a search
    /// cancelled before its first fetch ends within five seconds. A provider that ignores
    /// cancellation mid-fetch can pass it; supply a slow source to test that.
    static func stopsWhenCancelledBeforeFetching(_ subject: ConformanceSubject) async throws {
        let provider = try await subject.makeProvider("conformance", makeContext())
        let clock = ContinuousClock()
        let started = clock.now
        let consumer = Task { try await collect(provider, SearchRequest(.search(subject.query), limit: 10_000)) }
        consumer.cancel()
        _ = await consumer.result
        let elapsed = clock.now - started
        guard elapsed < .seconds(5) else {
            throw ConformanceFailure(description: "a cancelled search was still running after \(elapsed)")
        }
    }

    /// A source with bad data makes the search throw an error that describes it.
    public static func reportsBadDataAsError(_ subject: ConformanceSubject) async throws {
        let provider = try await subject.makeBrokenProvider("conformance", makeContext())
        do {
            let photos = try await collect(provider, SearchRequest(.search(subject.query), limit: 10))
            throw ConformanceFailure(description: "bad data produced \(photos.count) photos instead of an error")
        } catch let failure as ConformanceFailure {
            throw failure
        } catch {
            guard !String(describing: error).isEmpty else {
                throw ConformanceFailure(description: "bad data produced an error with no description")
            }
        }
    }

    /// The secret never appears in errors, log lines (the HTTP client's included: it logs through
    /// the context's logger) or results, in any encoding: raw, percent-encoded, form-encoded, JSON-escaped.
    public static func neverLeaksSecret(_ subject: ConformanceSubject) async throws {
        guard let secret = subject.secret, !secret.isEmpty else { return }
        let logs = CapturingLogHandler.Store()
        var texts: [String] = []
        for make in [subject.makeProvider, subject.makeBrokenProvider] {
            let provider = try await make("conformance", makeContext(logs: logs))
            do {
                let photos = try await collect(provider, SearchRequest(.search(subject.query), limit: 5))
                texts += photos.map { "\($0)" }
            } catch {
                texts.append(String(describing: error))
                texts.append(error.localizedDescription)
            }
        }
        if let leak = (texts + logs.all).first(where: { Redaction.contains($0, secret: secret) }) {
            throw ConformanceFailure(
                description: "the secret appeared (in some encoding) in: \(Redaction.redact(leak, secrets: [secret]))")
        }
    }

    /// Every photo the provider streams for `request`.
    public static func collect(_ provider: any PhotoProvider, _ request: SearchRequest) async throws -> [Photo] {
        var photos: [Photo] = []
        for try await page in provider.pages(for: request) { photos += page.photos }
        return photos
    }
}
