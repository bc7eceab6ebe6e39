import Foundation
import ProviderKit
import ProviderTesting
import Synchronization
import Testing

/// The response cache in front of the libcurl client, against the real loopback fixture server
/// (Tests/Fixtures/http_fixture_server.py, whose /cache/KEY answers count the requests they get).
@Suite("HTTP cache")
struct HTTPCacheTests {
    static let sharedServer = Result { try LoopbackServer(script: "http_fixture_server.py") }

    let server: LoopbackServer
    let folder: URL
    let network = CurlHTTPClient(userAgent: "viewfinder/test")
    let clock = TestClock()

    init() throws {
        server = try Self.sharedServer.get()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-http-cache-\(UUID().uuidString)")
    }

    func cache(maxBytes: Int = 64 << 20, mode: CachingHTTPClient.Mode = .normal) -> CachingHTTPClient {
        let clock = clock
        return CachingHTTPClient(
            wrapping: network, directory: folder, maxBytes: maxBytes, mode: mode, now: { clock.now })
    }

    /// A unique key on the fixture server, so tests running at once never share counts.
    func key(_ name: String) -> String { "\(name)-\(UUID().uuidString)" }

    func request(
        _ key: String, _ query: String = "", policy: HTTPCachePolicy = .standard, headers: [HTTPRequest.Header] = []
    )
        -> HTTPRequest
    {
        HTTPRequest(url: server.url("/cache/\(key)?\(query)"), headers: headers, retry: .never, cache: policy)
    }

    func counts(_ key: String) async throws -> [String: Int] {
        let response = try await network.send(HTTPRequest(url: server.url("/cache-stats/\(key)")))
        return try JSONSerialization.jsonObject(with: response.body) as? [String: Int] ?? [:]
    }

    func storedFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    func served(_ response: HTTPResponse) throws -> Int {
        let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return try #require(json?["served"] as? Int)
    }

    @Test("a fresh entry answers without a request")
    func freshHit() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("fresh")
        let cache = cache()
        let first = try await cache.send(request(name, "cc=max-age%3D600"))
        let second = try await cache.send(request(name, "cc=max-age%3D600"))
        #expect(first.status == 200 && second.status == 200)
        #expect(second.body == first.body)
        #expect(second.headers["content-type"] == "application/json")
        #expect(second.url == server.url("/cache/\(name)?cc=max-age%3D600"))
        #expect(try await counts(name)["requests"] == 1)
        // A new client on the same folder (the next run of the program) finds it too.
        _ = try await self.cache().send(request(name, "cc=max-age%3D600"))
        #expect(try await counts(name)["requests"] == 1)
    }

    @Test("max-age is kept to the second: fresh at max-age − 1 s, stale at max-age + 1 s")
    func maxAgeBoundary() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("boundary")
        // A clock that moves only when told: on a busy machine, real seconds passing between the
        // requests would decide the boundary instead of the code.
        let frozen = TestClock(frozenAt: Date())
        let cache = CachingHTTPClient(wrapping: network, directory: folder, now: { frozen.now })
        _ = try await cache.send(request(name, "cc=max-age%3D600"))
        frozen.advance(by: 599)
        _ = try await cache.send(request(name, "cc=max-age%3D600"))
        #expect(try await counts(name)["requests"] == 1, "fresh one second before max-age")
        frozen.advance(by: 2)
        _ = try await cache.send(request(name, "cc=max-age%3D600"))
        #expect(try await counts(name)["requests"] == 2, "stale one second after max-age")
    }

    @Test("an answer without a lifetime stays fresh for the default lifetime, then is fetched again")
    func defaultLifetime() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("default")
        // As at the max-age boundary: real seconds passing on a busy machine must not decide it.
        let frozen = TestClock(frozenAt: Date())
        let cache = CachingHTTPClient(wrapping: network, directory: folder, now: { frozen.now })
        _ = try await cache.send(request(name))
        frozen.advance(by: 590)
        _ = try await cache.send(request(name))
        #expect(try await counts(name)["requests"] == 1)
        frozen.advance(by: 20)
        _ = try await cache.send(request(name))
        #expect(try await counts(name)["requests"] == 2)
    }

    @Test("a stale entry with an ETag is revalidated: the 304 refreshes it and its stored body comes back as a 200")
    func revalidationWithETag() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("etag")
        let query = "cc=max-age%3D60&etag=%22v1%22"
        let cache = cache()
        let first = try await cache.send(request(name, query))
        clock.advance(by: 120)
        let second = try await cache.send(request(name, query))
        #expect(second.status == 200)
        #expect(try served(second) == 1)  // the stored body, not a new one
        #expect(second.body == first.body)
        #expect(try await counts(name) == ["requests": 2, "conditional": 1, "not_modified": 1])
        // The 304's max-age made the entry fresh again.
        clock.advance(by: 30)
        _ = try await cache.send(request(name, query))
        #expect(try await counts(name)["requests"] == 2)
    }

    @Test("a stale entry with Last-Modified is revalidated with If-Modified-Since")
    func revalidationWithLastModified() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("modified")
        let query = "cc=no-cache&lm=Sun,%2006%20Nov%201994%2008:49:37%20GMT"
        let cache = cache()
        _ = try await cache.send(request(name, query))
        let second = try await cache.send(request(name, query))
        #expect(second.status == 200)
        #expect(try served(second) == 1)
        #expect(try await counts(name) == ["requests": 2, "conditional": 1, "not_modified": 1])
    }

    @Test("a no-cache answer is revalidated even when no time has passed since it came")
    func noCacheAtTheSameInstant() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("same-instant")
        let frozen = TestClock(frozenAt: Date(timeIntervalSince1970: 1_800_000_000.000_9))
        let cache = CachingHTTPClient(wrapping: network, directory: folder, now: { frozen.now })
        let query = "cc=no-cache&lm=Sun,%2006%20Nov%201994%2008:49:37%20GMT"
        _ = try await cache.send(request(name, query))
        _ = try await cache.send(request(name, query))
        #expect(try await counts(name) == ["requests": 2, "conditional": 1, "not_modified": 1])
    }

    @Test("a stale entry the server has changed is replaced by the new answer")
    func changedAnswer() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("changed")
        let cache = cache()
        _ = try await cache.send(request(name, "cc=max-age%3D0&etag=%22v1%22"))
        let second = try await cache.send(request(name, "cc=max-age%3D0&etag=%22v2%22"))
        #expect(try served(second) == 2)
        let third = try await cache.send(request(name, "cc=max-age%3D0&etag=%22v2%22"))
        #expect(try served(third) == 2)  // revalidated against v2
        #expect(try await counts(name)["not_modified"] == 1)
    }

    @Test("Expires in the past is stale; in the future, fresh")
    func expires() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let past = key("expired")
        let future = key("expires")
        let cache = cache()
        for _ in 0..<2 {
            _ = try await cache.send(request(past, "expires=Sun,%2006%20Nov%201994%2008:49:37%20GMT"))
            _ = try await cache.send(request(future, "expires=Fri,%2001%20Jan%202100%2000:00:00%20GMT"))
        }
        #expect(try await counts(past)["requests"] == 2)
        #expect(try await counts(future)["requests"] == 1)
    }

    @Test("no-store answers are never stored, and neither are errors, POSTs or non-cacheable requests")
    func neverStored() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("nostore")
        let cache = cache()
        _ = try await cache.send(request(name, "cc=no-store"))
        _ = try await cache.send(request(name, "cc=no-store"))
        #expect(try await counts(name)["requests"] == 2)
        #expect(try await cache.send(HTTPRequest(url: server.url("/status/404"), cache: .standard)).status == 404)
        #expect(
            try await cache.send(HTTPRequest(url: server.url("/status/503"), retry: .never, cache: .standard)).status
                == 503)
        _ = try await cache.send(
            HTTPRequest(method: "POST", url: server.url("/echo"), body: Data("{}".utf8), cache: .standard))
        let plain = key("plain")
        _ = try await cache.send(request(plain, "cc=max-age%3D600", policy: .none))
        _ = try await cache.send(request(plain, "cc=max-age%3D600", policy: .none))
        #expect(try await counts(plain)["requests"] == 2)
        await cache.drain()
        #expect(storedFiles().isEmpty)
    }

    @Test("Vary: * is never stored; a request carrying its own validators is passed through untouched")
    func passedThrough() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = cache()
        let varying = key("vary")
        _ = try await cache.send(request(varying, "cc=max-age%3D600&vary=*"))
        _ = try await cache.send(request(varying, "cc=max-age%3D600&vary=*"))
        #expect(try await counts(varying)["requests"] == 2)
        let own = key("own")
        let conditional = request(own, "cc=max-age%3D600&etag=%22v1%22", headers: [.init("If-None-Match", "\"v1\"")])
        #expect(try await cache.send(conditional).status == 304)  // the caller asked; the caller gets the 304
        #expect(try await cache.send(conditional).status == 304)
        #expect(try await counts(own)["not_modified"] == 2)
        await cache.drain()
        #expect(storedFiles().isEmpty)
    }

    @Test("many requests for one entry at once all get the answer; afterwards it is a hit")
    func concurrentRequests() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("together")
        let cache = cache()
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<20 {
                group.addTask { try await cache.send(request(name, "cc=max-age%3D600&size=5000")).body }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies.count == 20)
        #expect(bodies.allSatisfy { $0.count == 5000 })
        let made = try await counts(name)["requests"] ?? 0
        #expect((1...20).contains(made))
        _ = try await cache.send(request(name, "cc=max-age%3D600&size=5000"))
        #expect(try await counts(name)["requests"] == made)
        await cache.drain()
        #expect(storedFiles().count == 1)  // no temporary file left behind
    }

    @Test("the request's minimum lifetime overrides a shorter one from the server (max-age=0, no-cache)")
    func minimumLifetime() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let day = HTTPCachePolicy(isCacheable: true, minimumLifetime: .seconds(86_400))
        let cache = cache()
        for directive in ["max-age%3D0", "no-cache"] {
            let name = key("minimum")
            _ = try await cache.send(request(name, "cc=\(directive)", policy: day))
            clock.advance(by: 23 * 3600)
            _ = try await cache.send(request(name, "cc=\(directive)", policy: day))
            #expect(try await counts(name)["requests"] == 1, "\(directive)")
            clock.advance(by: 2 * 3600)
            _ = try await cache.send(request(name, "cc=\(directive)", policy: day))
            #expect(try await counts(name)["requests"] == 2, "\(directive)")
        }
    }

    @Test("over the size cap, the least recently used entries are removed first")
    func leastRecentlyUsedEviction() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = (0..<4).map { key("lru\($0)") }
        // Each entry is a little over 10,000 bytes: three fit, four do not.
        let cache = cache(maxBytes: 35_000)
        let query = "cc=max-age%3D600&size=10000"
        for name in names.prefix(3) {
            _ = try await cache.send(request(name, query))
            try await Task.sleep(for: .milliseconds(20))  // distinct modification times
        }
        _ = try await cache.send(request(names[0], query))  // used again: now the most recent
        try await Task.sleep(for: .milliseconds(20))
        _ = try await cache.send(request(names[3], query))
        await cache.drain()
        let files = storedFiles()
        #expect(files.count == 3)
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total <= 35_000)
        for name in [names[0], names[2], names[3]] {
            _ = try await cache.send(request(name, query))
            #expect(try await counts(name)["requests"] == 1, "\(name) should still be cached")
        }
        _ = try await cache.send(request(names[1], query))
        #expect(try await counts(names[1])["requests"] == 2)  // the least recently used was evicted
    }

    @Test("a truncated, damaged or foreign entry is ignored and replaced by a fresh answer")
    func corruptEntries() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = cache()
        let damages: [(String, (Data) -> Data)] = [
            ("truncated", { $0.prefix($0.count / 2) }),
            (
                "one byte changed",
                {
                    var data = $0
                    data[data.count - 3] ^= 0x20
                    return data
                }
            ),
            ("empty", { _ in Data() }),
            ("garbage", { _ in Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }) }),
            ("longer", { $0 + Data("trailing".utf8) }),
        ]
        for (damage, change) in damages {
            let name = key("corrupt")
            _ = try await cache.send(request(name, "cc=max-age%3D600&size=3000"))
            await cache.drain()
            let file = try #require(storedFiles().first)
            try change(try Data(contentsOf: file)).write(to: file)
            let answer = try await cache.send(request(name, "cc=max-age%3D600&size=3000"))
            #expect(answer.status == 200, "\(damage)")
            #expect(try served(answer) == 2, "\(damage)")
            #expect(try await counts(name)["requests"] == 2, "\(damage)")
            _ = try await cache.send(request(name, "cc=max-age%3D600&size=3000"))  // replaced: a hit again
            #expect(try await counts(name)["requests"] == 2, "\(damage)")
            try FileManager.default.removeItem(at: folder)
        }
    }

    @Test("the cache folder never holds a secret, the URL or the query, in any encoding")
    func secretsNeverStored() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("secret")
        let queryKey = "Qk-9/x+y z"
        let headerKey = "AccessKey-7731abc"
        let encoded = queryKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let cache = cache()
        let sent = request(
            name, "cc=max-age%3D600&etag=%22e%22&client_key=\(encoded)",
            headers: [.init("Authorization", "Client-ID \(headerKey)")])
        var withSecretName = sent
        withSecretName.secretNames = ["client_key"]
        _ = try await cache.send(withSecretName)
        _ = try await cache.send(withSecretName)
        #expect(try await counts(name)["requests"] == 1)
        // A different key is a different entry.
        var otherKey = withSecretName
        otherKey.headers = [.init("Authorization", "Client-ID other-key-0000")]
        _ = try await cache.send(otherKey)
        #expect(try await counts(name)["requests"] == 2)
        // An answer that quotes the request's secret (this route echoes the headers) is not stored.
        _ = try await cache.send(
            HTTPRequest(
                url: server.url("/headers"), headers: [.init("Authorization", "Bearer \(headerKey)")], cache: .standard)
        )
        await cache.drain()
        let files = storedFiles()
        #expect(files.count == 2)
        // Private to the user: the answers may be for a paid key's account.
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        for file in files {
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        }
        for file in files {
            // The body is the server's answer, which names the route's key; the rest is the entry's own.
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for secret in [queryKey, encoded, headerKey, "other-key-0000", "127.0.0.1", "/cache/", "client_key"] {
                #expect(!Redaction.contains(text, secret: secret), "\(secret) in \(file.lastPathComponent)")
                #expect(!Redaction.contains(file.lastPathComponent, secret: secret))
            }
        }
    }

    @Test("offline, a cached answer (even stale) is served and a missing one fails at once, without any request")
    func offline() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("offline")
        _ = try await cache().send(request(name, "cc=max-age%3D1"))
        clock.advance(by: 3600)
        let offline = cache(mode: .offline)
        let stale = try await offline.send(request(name, "cc=max-age%3D1"))
        #expect(try served(stale) == 1)
        let missing = key("missing")
        do {
            _ = try await offline.send(request(missing))
            Issue.record("expected an offline error")
        } catch let error as HTTPClientError {
            #expect(error.kind == .offline)
            #expect(error.message == "offline: nothing cached for this search; run it once online")
        }
        do {
            let sink = DescriptorBodySink(opening: { .failure(.init("never opened offline")) })
            _ = try await offline.stream(HTTPRequest(url: server.url("/files/1")), into: sink, progress: nil)
            Issue.record("expected an offline error")
        } catch let error as HTTPClientError {
            #expect(error.message == "offline: GET \(server.url("/files/1")) needs the network (it is never cached)")
        }
        #expect(try await counts(name)["requests"] == 1)
        #expect(try await counts(missing)["requests"] == 0)
    }

    @Test("offline, a damaged cached answer is named as damaged (not as missing) and removed")
    func offlineDamaged() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = key("damaged")
        _ = try await cache().send(request(name))
        let file = try #require(storedFiles().first)
        try Data("not an entry".utf8).write(to: file)
        do {
            _ = try await cache(mode: .offline).send(request(name))
            Issue.record("expected an offline error")
        } catch let error as HTTPClientError {
            #expect(error.kind == .offline)
            #expect(error.message == CachingHTTPClient.damagedMessage)
            #expect(error.message.contains("damaged"))
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await counts(name)["requests"] == 1)  // offline, the network was never asked
    }

    @Test(
        "offline, a FIFO, a link or an empty folder in an entry's place is removed and named damaged, never waited on")
    func offlineForeignEntries() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for kind in ["fifo", "link", "folder"] {
            let name = key(kind)
            _ = try await cache().send(request(name))
            let file = try #require(storedFiles().first { !$0.lastPathComponent.hasPrefix(".") })
            try FileManager.default.removeItem(at: file)
            switch kind {
            case "fifo": #expect(mkfifo(file.path, 0o600) == 0)
            case "link":
                try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/passwd")
            default: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            }
            do {
                _ = try await cache(mode: .offline).send(request(name))
                Issue.record("expected an offline error for a \(kind)")
            } catch let error as HTTPClientError {
                #expect(error.message == CachingHTTPClient.damagedMessage, "\(kind)")
            }
            #expect((try? FileManager.default.attributesOfItem(atPath: file.path)) == nil, "\(kind) removed")
        }
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"))  // a link is removed, not what it names
    }

    @Test("SHA-256 matches the standard's test vectors")
    func digest() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

/// A wall clock the test moves forward; frozen at a date, it moves only then.
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)
    private let frozenAt: Date?

    init(frozenAt: Date? = nil) {
        self.frozenAt = frozenAt
    }

    var now: Date { (frozenAt ?? Date()).addingTimeInterval(offset.withLock { $0 }) }

    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
