import Foundation
import Logging

/// An ``HTTPClient`` that answers cacheable requests (``HTTPRequest/cache``) from a folder of
/// stored answers and sends the rest to the client it wraps, which stays the one layer that retries.
///
/// A fresh entry is answered without a request; a stale one with an `ETag` or `Last-Modified`
/// is revalidated (`If-None-Match`, `If-Modified-Since`), a `304` refreshing it and returning the
/// stored body as a `200`. Only `2xx` answers to `GET`s without a body are stored, never one marked
/// `no-store` or one that quotes a secret of its request. Offline, nothing reaches the network.
package final class CachingHTTPClient: HTTPClient {
    /// Whether the network may be used.
    package enum Mode: Sendable, Equatable {
        /// Fresh entries answer; the rest go to the network, and their answers are stored.
        case normal
        /// Only the cache answers, fresh or stale; a request with no entry fails at once.
        case offline
    }

    /// The message of a request the cache cannot answer offline.
    package static let offlineMessage = "offline: nothing cached for this search; run it once online"

    private let upstream: any HTTPClient
    private let store: HTTPCacheStore
    private let mode: Mode
    private let defaultLifetime: Duration
    private let logger: Logger?
    private let now: @Sendable () -> Date

    /// Creates a cache in `directory` (made on the first write, private to the user) in front of
    /// `upstream`. It holds at most `maxBytes` (64 MiB by default), removing the least recently
    /// used entries first; answers that give no lifetime (`max-age`, `Expires`) stay fresh for
    /// `defaultLifetime`. Hits are logged at debug level to the request's logger, or `logger`.
    package init(
        wrapping upstream: any HTTPClient, directory: URL, maxBytes: Int = 64 << 20, mode: Mode = .normal,
        defaultLifetime: Duration = .seconds(600), logger: Logger? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.upstream = upstream
        self.store = HTTPCacheStore(directory: directory, maxBytes: maxBytes)
        self.mode = mode
        self.defaultLifetime = defaultLifetime
        self.logger = logger
        self.now = now
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let key = Self.key(for: request) else {
            if mode == .offline { throw offlineError(request, cacheable: false) }
            return try await upstream.send(request)
        }
        let lookup = await store.lookUp(key, maxBodyBytes: request.maxResponseBytes)
        try Task.checkCancellation()
        var stored: HTTPCacheEntry?
        if case .entry(let entry) = lookup { stored = entry }
        if let stored, mode == .offline || stored.freshUntil > now() {
            log(request, "\(stored.status) from the cache (\(stored.freshUntil > now() ? "fresh" : "stale, offline"))")
            return response(from: stored, for: request)
        }
        if mode == .offline { throw offlineError(request, found: lookup) }

        var sent = request
        if let etag = stored?.headers["etag"] { sent.headers.append(.init("If-None-Match", etag)) }
        if let modified = stored?.headers["last-modified"] { sent.headers.append(.init("If-Modified-Since", modified)) }
        let answer = try await upstream.send(sent)
        let received = now()
        if answer.status == 304, let stored, stored.headers["etag"] != nil || stored.headers["last-modified"] != nil {
            var refreshed = stored
            let updates = answer.headers.filter { Self.revalidationHeaders.contains($0.key) }
            refreshed.headers.merge(Self.storable(updates, secrets: request.redactor.secrets)) { $1 }
            refreshed.headers["age"] = updates["age"]  // the old answer's age is not the new one's
            refreshed.storedAt = received
            refreshed.freshUntil = freshness(request).freshUntil(headers: refreshed.headers, now: received)
            await store.write(refreshed)
            log(request, "304: the stored answer is still good")
            return response(from: refreshed, for: request)
        }
        if let entry = entry(for: answer, request: request, key: key, received: received),
            let problem = await store.write(entry)
        {
            log(request, "not cached: \(problem)")
        }
        return answer
    }

    package func stream(
        _ request: HTTPRequest, into sink: any HTTPBodySink,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        if mode == .offline { throw offlineError(request, cacheable: false) }
        return try await upstream.stream(request, into: sink, progress: progress)
    }

    /// Waits for writes and evictions under way (a process about to exit, tests).
    package func drain() async {
        await store.drain()
    }

    // MARK: - What is cached, and under which name

    /// Headers a `304` may update on the stored answer.
    private static let revalidationHeaders: Set<String> = [
        "cache-control", "expires", "date", "etag", "last-modified", "age",
    ]
    /// Response headers never stored: cookies and credentials, the transfer's own framing, and the
    /// live quota (stale the moment it is stored).
    private static let unstoredHeaders: Set<String> = [
        "set-cookie", "set-cookie2", "authorization", "proxy-authorization", "www-authenticate", "proxy-authenticate",
        "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "retry-after",
    ]

    /// The digest naming `request`'s entry (its method, URL and every request header, so a
    /// different key or `Accept` is a different entry), or `nil` when it must not be cached (or
    /// libcrypto, which makes the digest, cannot be loaded: no entry is better than one name for all).
    static func key(for request: HTTPRequest) -> String? {
        guard request.cache.isCacheable, request.method == "GET", request.body == nil else { return nil }
        var text = "GET \(request.url.absoluteString)\n"
        for header in request.headers.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }) {
            let name = header.name.lowercased()
            if name == "if-none-match" || name == "if-modified-since" { return nil }  // the caller revalidates itself
            if name == "cache-control", CacheFreshness.Directives(header.value).noStore { return nil }
            text += "\(name): \(header.value)\n"
        }
        let digest = SHA256.hex(text)
        return digest.isEmpty ? nil : digest
    }

    private func entry(for answer: HTTPResponse, request: HTTPRequest, key: String, received: Date) -> HTTPCacheEntry? {
        guard answer.isSuccess, answer.status != 206, request.isTransientAnswer?(answer) != true,
            !CacheFreshness.Directives(answer.headers["cache-control"]).noStore,
            answer.headers["vary"]?.contains("*") != true
        else { return nil }
        let secrets = request.redactor.secrets
        guard !SecretScan.contains(answer.body, anyOf: secrets) else {
            log(request, "not cached: the answer quotes a secret of the request")
            return nil
        }
        return HTTPCacheEntry(
            keyDigest: key, status: answer.status, headers: Self.storable(answer.headers, secrets: secrets),
            body: answer.body, storedAt: received,
            freshUntil: freshness(request).freshUntil(headers: answer.headers, now: received))
    }

    /// The headers of `headers` that may be written to disk: none of ``unstoredHeaders`` or the
    /// rate-limit family, none that would break the entry's lines, none holding a secret.
    private static func storable(_ headers: [String: String], secrets: [String]) -> [String: String] {
        headers.filter { name, value in
            !unstoredHeaders.contains(name) && !name.hasPrefix("x-ratelimit") && !name.hasPrefix("ratelimit")
                && !value.contains("\n") && !value.contains("\r") && !name.contains(":") && !name.contains("\n")
                && !SecretScan.contains(Data(value.utf8), anyOf: secrets)
        }
    }

    private func freshness(_ request: HTTPRequest) -> CacheFreshness {
        CacheFreshness(defaultLifetime: defaultLifetime, minimumLifetime: request.cache.minimumLifetime)
    }

    private func response(from entry: HTTPCacheEntry, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            status: entry.status, headers: entry.headers, body: entry.body, url: request.url,
            redactor: request.redactor)
    }

    /// The network client's library: the cache sends nothing of its own.
    package func userAgentProduct() async -> String? { await upstream.userAgentProduct() }

    /// The message of a request whose cached answer was damaged (and has been removed).
    package static let damagedMessage =
        "offline: the cached answer for this search was damaged and has been removed; run it once online"

    /// Why `request` fails offline: nothing cached for it, a damaged or too large entry, or (a
    /// download, a `POST`) it is never cached.
    private func offlineError(
        _ request: HTTPRequest, cacheable: Bool = true, found: HTTPCacheStore.Lookup = .missing
    ) -> HTTPClientError {
        guard cacheable else {
            return HTTPClientError(
                .offline, "offline: \(request.redactedDescription) needs the network (it is never cached)")
        }
        switch found {
        case .damaged:
            log(request, "damaged in the cache (removed), and offline")
            return HTTPClientError(.offline, Self.damagedMessage)
        case .tooLarge:
            log(request, "cached, but larger than this request allows, and offline")
            return HTTPClientError(
                .offline,
                "offline: the cached answer for this search is larger than its limit of \(request.maxResponseBytes) bytes; run it once online"
            )
        case .foreign:
            log(request, "something else in the cache in its place, and offline")
            return HTTPClientError(
                .offline,
                "offline: the cache holds something that is not a cached answer in this search's place, which could not be removed; remove it from \(store.directory.path) and run it once online"
            )
        case .unusable(let reason):
            log(request, "the cache's folder cannot be used (\(reason)), and offline")
            return HTTPClientError(
                .offline,
                "offline: the cache folder \(store.directory.path) cannot be used (\(reason)); "
                    + "set XDG_CACHE_HOME to a folder Viewfinder can write, and run the search once online"
            )
        case .missing, .entry:
            log(request, "not in the cache, and offline")
            return HTTPClientError(.offline, Self.offlineMessage)
        }
    }

    private func log(_ request: HTTPRequest, _ outcome: String) {
        (request.logger ?? logger)?.debug("\(request.redactedDescription) → \(outcome)")
    }
}
