import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Testing

@testable import WebView

/// `serve`'s guards, against the real server on a free loopback port, with requests written
/// byte for byte on a socket (a browser would not send most of them).
@Suite struct ServerGuardTests {
    @Test("only a request whose one Host is this server on loopback is answered")
    func hostVariants() async throws {
        try await ServeFixture.withServer { port, _, _ in
            func get(_ headers: String) async -> String {
                await ServeFixture.statusLine("GET / HTTP/1.1\r\n\(headers)Connection: close\r\n\r\n", port: port)
            }
            #expect(await get("Host: 127.0.0.1:\(port)\r\n").hasPrefix("HTTP/1.1 200"))
            #expect(await get("Host: localhost:\(port)\r\n").hasPrefix("HTTP/1.1 200"))
            #expect(await get("Host: 127.0.0.1:\(port).evil\r\n").hasPrefix("HTTP/1.1 421"))
            #expect(await get("").hasPrefix("HTTP/1.1 421"))
            #expect(await get("Host: [::1]:\(port)\r\n").hasPrefix("HTTP/1.1 421"))
            #expect(await get("Host: evil@127.0.0.1:\(port)\r\n").hasPrefix("HTTP/1.1 421"))
            #expect(await get("Host: 127.0.0.1:\(port)\r\nHost: evil.example\r\n").hasPrefix("HTTP/1.1 421"))
            #expect(await get("Host: evil.example\r\nHost: 127.0.0.1:\(port)\r\n").hasPrefix("HTTP/1.1 421"))
        }
    }

    @Test("a configured key typed as a search never reaches the recent-searches file")
    func secretQueryStaysOutOfRecentSearches() async throws {
        let secret = "hunter2-api-key-77"
        try await ServeFixture.withServer(secret: secret) { port, folder, _ in
            _ = await ServeFixture.statusLine(
                "GET /api/events?q=\(secret) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
                port: port)
            let file = folder.appendingPathComponent("recent-searches.json")
            var text = ""
            for _ in 0..<100 where text.isEmpty {
                text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                if text.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(text.contains("***"))
            #expect(!text.contains(secret))
        }
    }

    /// Opens an event stream for `query` on a socket of its own and reads until its answer holds
    /// `expected` (or 10 s pass); returns what it read and the socket, still open.
    private func openStream(_ query: String, port: Int, until expected: String) async -> (String, Int32) {
        await withCheckedContinuation { continuation in
            Thread {
                let descriptor = ServeFixture.connection(port: port)
                guard descriptor >= 0 else { return continuation.resume(returning: ("cannot connect", descriptor)) }
                let request = "GET /api/events?q=\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
                _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                var answer: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !String(decoding: answer, as: UTF8.self).contains(expected) {
                    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    answer += buffer[0..<count]
                }
                continuation.resume(returning: (String(decoding: answer, as: UTF8.self), descriptor))
            }.start()
        }
    }

    @Test("no more than `maxSearches` searches run at once; one more is told why, and a freed slot is reused")
    func searchesAreCapped() async throws {
        try await ServeFixture.withServer(endless: true, maxSearches: 2) { port, _, _ in
            var open: [Int32] = []
            defer { for descriptor in open { close(descriptor) } }
            for query in ["one", "two"] {
                let (answer, descriptor) = await openStream(query, port: port, until: ": still searching")
                open.append(descriptor)
                #expect(answer.contains(": still searching"), "\(query): \(answer)")
            }
            let (refused, third) = await openStream("three", port: port, until: "\"event\"")
            close(third)
            #expect(refused.contains("2 searches are already running"), "\(refused)")
            #expect(!refused.contains(": still searching"))
            // The client of the first goes away: its search stops at a later heartbeat, and its slot is free.
            close(open.removeFirst())
            var admitted = false
            for _ in 0..<40 where !admitted {
                try await Task.sleep(for: .milliseconds(250))
                let (answer, descriptor) = await openStream("four", port: port, until: "\n\n")
                admitted = answer.contains(": still searching")
                if admitted { open.append(descriptor) } else { close(descriptor) }
            }
            #expect(admitted, "a freed slot was never given to a new search")
        }
    }

    @Test("an unknown address is a 404 with the security headers; HEAD is refused as a method (405), not as missing")
    func unknownAddressAndHead() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let missing = await ServeFixture.answer(
                "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(missing.head.hasPrefix("HTTP/1.1 404"), "\(missing.head)")
            #expect(missing.head.lowercased().contains("content-security-policy: default-src 'none'"))
            #expect(missing.head.lowercased().contains("x-content-type-options: nosniff"))
            let head = await ServeFixture.answer(
                "HEAD / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(head.head.hasPrefix("HTTP/1.1 405"), "\(head.head)")
            #expect(head.head.lowercased().contains("allow: get, delete"))
        }
    }

    @Test("local ids: dot segments, encoded slashes and unknown ids are 404")
    func localPathTricks() async throws {
        try await ServeFixture.withServer { port, _, _ in
            for path in [
                "/local/%2e%2e/%2e%2e/etc/passwd", "/local/..%2f..%2fetc%2fpasswd", "/local/../../etc/passwd",
                "/local/0123456789abcdef0123456789abcdef",
            ] {
                let line = await ServeFixture.statusLine(
                    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
                #expect(line.hasPrefix("HTTP/1.1 404"), "\(path): \(line)")
            }
        }
    }

    @Test("a local photo whose name is not UTF-8 is served whole; a link put in its place afterwards is not followed")
    func localPhotoByBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A JPEG larger than one chunk, so the answer is streamed in several reads.
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<(LocalPhotoResponse.chunkSize * 2 + 17)).map { UInt8($0 % 251) }
        let name = FileSystemPath(bytes: Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let descriptor = name.open(O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        #expect(jpeg.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == jpeg.count)
        close(descriptor)
        let secret = folder.appendingPathComponent("secret.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE1] + Array("not for the page".utf8)).write(to: secret)

        try await ServeFixture.withServer { port, _, ids in
            let id = ids.id(for: name)
            let served = await ServeFixture.answer(
                "GET /local/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(served.head)")
            #expect(served.head.lowercased().contains("content-type: image/jpeg"))
            #expect(served.body == jpeg)
            // The file is replaced by a link to another image: the id no longer serves anything.
            #expect(name.withCString { unlink($0) } == 0)
            #expect(name.withCString { link in symlink(secret.path, link) } == 0)
            let linked = await ServeFixture.answer(
                "GET /local/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(linked.head.hasPrefix("HTTP/1.1 404"), "\(linked.head)")
        }
    }

    @Test("local photos are served with their format's type (BMP, AVIF too), also from folders deeper than PATH_MAX")
    func localPhotoFormatsAndDepth() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bmp: [UInt8] =
            Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0] + [UInt8](repeating: 7, count: 40)
        let avif: [UInt8] = [0, 0, 0, 0x18] + Array("ftypavif".utf8) + [UInt8](repeating: 0, count: 40)
        try Data(bmp).write(to: folder.appendingPathComponent("a.bmp"))
        try Data(avif).write(to: folder.appendingPathComponent("b.avif"))
        // A JPEG below 24 folders of 200-byte names: its path is longer than one open() takes.
        var deep = folder.path
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        for level in 0..<24 {
            let name = String(repeating: "d", count: 200) + String(level)
            #expect(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            deep += "/" + name
        }
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 1, count: 100)
        let file = openat(descriptor, "deep.jpg", O_WRONLY | O_CREAT, 0o644)
        #expect(jpeg.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == jpeg.count)
        close(file)
        close(descriptor)
        deep += "/deep.jpg"
        #expect(deep.utf8.count > Int(PATH_MAX))
        defer { _ = try? Self.removeDeep(below: folder) }

        try await ServeFixture.withServer { port, _, ids in
            let cases: [(String, String, [UInt8])] = [
                (folder.path + "/a.bmp", "image/bmp", bmp), (folder.path + "/b.avif", "image/avif", avif),
                (deep, "image/jpeg", jpeg),
            ]
            for (path, type, bytes) in cases {
                let id = ids.id(for: FileSystemPath(bytes: Array(path.utf8)))
                let served = await ServeFixture.answer(
                    "GET /local/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
                #expect(served.head.hasPrefix("HTTP/1.1 200"), "\(type): \(served.head)")
                #expect(served.head.lowercased().contains("content-type: \(type)"), "\(served.head)")
                #expect(served.body == bytes)
            }
        }
    }

    /// Removes the chain of deep folders below `folder` (FileManager cannot reach past PATH_MAX).
    private static func removeDeep(below folder: URL) throws {
        var chain: [Int32] = [open(folder.path, O_RDONLY | O_DIRECTORY)]
        var names: [String] = []
        for level in 0..<24 {
            let name = String(repeating: "d", count: 200) + String(level)
            let next = openat(chain.last!, name, O_RDONLY | O_DIRECTORY)
            guard next >= 0 else { break }
            chain.append(next)
            names.append(name)
        }
        unlinkat(chain.last!, "deep.jpg", 0)
        while let name = names.popLast() {
            close(chain.removeLast())
            unlinkat(chain.last!, name, AT_REMOVEDIR)
        }
        close(chain.removeLast())
    }

    @Test(
        "at most `maxLocalStreams` local photos are sent at once; one more is told to retry, and a freed slot is reused"
    )
    func localStreamsAreBounded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-streams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Larger than the stalled sockets hold (their receive buffers fixed at 64 KiB), so a client that
        // reads nothing keeps its answer going.
        let photo = folder.appendingPathComponent("big.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 9, count: 16 << 20)).write(to: photo)

        try await ServeFixture.withServer(maxLocalStreams: 2) { port, _, ids in
            let id = ids.id(for: FileSystemPath(bytes: Array(photo.path.utf8)))
            let request = "GET /local/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
            let stalled = (0..<2).map { _ in ServeFixture.connection(port: port, receiveBuffer: 65_536) }
            for socket in stalled {
                _ = Array(request.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            }
            // Once both stalled requests are being answered (their heads have come; the bodies stay
            // stuck in the full sockets), one more is refused. A fixed wait lost to a loaded machine.
            for socket in stalled {
                var head = [UInt8](repeating: 0, count: 12)
                for _ in 0..<200 {
                    if recv(socket, &head, head.count, Int32(MSG_PEEK | MSG_DONTWAIT)) == head.count { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(String(decoding: head, as: UTF8.self) == "HTTP/1.1 200")
            }
            let refused = await ServeFixture.answer(request, port: port)
            #expect(refused.head.hasPrefix("HTTP/1.1 503"), "\(refused.head)")
            #expect(refused.head.lowercased().contains("retry-after: 1"))
            for socket in stalled { close(socket) }
            var admitted = ""
            for _ in 0..<50 where !admitted.hasPrefix("HTTP/1.1 200") {  // the slots come back as the sends fail
                try await Task.sleep(for: .milliseconds(100))
                admitted = await ServeFixture.statusLine(request, port: port)
            }
            #expect(admitted.hasPrefix("HTTP/1.1 200"), "\(admitted)")
        }
    }
}
