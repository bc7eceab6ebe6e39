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

    /// Describes a provider under test.
    public init(
        query: String,
        available: Int,
        secret: String? = nil,
        makeProvider:
            @escaping @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider,
        makeBrokenProvider:
            @escaping @Sendable (_ name: String, _ context: ProviderContext) async throws -> any PhotoProvider
    ) {
        self.query = query
        self.available = available
        self.secret = secret
        self.makeProvider = makeProvider
        self.makeBrokenProvider = makeBrokenProvider
    }
}

/// A broken promise of the provider contract.
public struct ConformanceFailure: Error, CustomStringConvertible {
    /// Which rule was broken, and how.
    public let description: String
}

/// The checks every provider module must pass, run from its own test target.
public enum ProviderConformance {
    /// Runs every check; throws ``ConformanceFailure`` at the first broken rule.
    public static func check(_ subject: ConformanceSubject) async throws {
        try await honoursLimit(subject)
        try await tagsResultsWithInstanceName(subject)
        try await stopsWhenCancelled(subject)
        try await reportsBadDataAsError(subject)
        try await neverLeaksSecret(subject)
    }

    /// A context with a capturing logger; tests may read `logs` afterwards.
    public static func makeContext(logs: CapturingLogHandler.Store = .init()) -> ProviderContext {
        ProviderContext(
            http: CurlHTTPClient(userAgent: "viewfinder-conformance"), logger: CapturingLogHandler.logger(logs),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("viewfinder-conformance"),
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

    /// A cancelled search ends within five seconds: far sooner than a provider that ignores
    /// cancellation (waiting out a network timeout), with room for a heavily loaded machine.
    public static func stopsWhenCancelled(_ subject: ConformanceSubject) async throws {
        let provider = try await subject.makeProvider("conformance", makeContext())
        let request = SearchRequest(.search(subject.query), limit: 10_000)
        let clock = ContinuousClock()
        let started = clock.now
        let finishedInTime = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                let consumer = Task { try await collect(provider, request) }
                consumer.cancel()
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
        let elapsed = clock.now - started
        guard finishedInTime, elapsed < .seconds(5) else {
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

    /// The secret never appears in errors, log lines or results.
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
        if let leak = (texts + logs.all).first(where: { $0.contains(secret) }) {
            throw ConformanceFailure(
                description: "the secret appeared in: \(leak.replacingOccurrences(of: secret, with: "<SECRET>"))")
        }
    }

    /// Every photo the provider streams for `request`.
    public static func collect(_ provider: any PhotoProvider, _ request: SearchRequest) async throws -> [Photo] {
        var photos: [Photo] = []
        for try await page in provider.pages(for: request) { photos += page.photos }
        return photos
    }
}
