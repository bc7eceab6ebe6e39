import Downloads
import Foundation
import ProviderKit
import ServiceBus
import Synchronization
import Testing

@Suite("Downloads against a loopback image host")
struct DownloadTransferTests {
    @Test("at most `parallel` transfers run at once, and at most `per_host` to one host, as the server sees them")
    func limitsObservedAtTheServer() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var photos: [Photo] = []
        for index in 0..<8 {
            photos.append(fixture.photo("a\(index)", url: fixture.url("/img/a\(index)?delay=0.4", host: "127.0.0.1")))
            photos.append(fixture.photo("b\(index)", url: fixture.url("/img/b\(index)?delay=0.4", host: "localhost")))
        }
        let outcomes = try await fixture.downloader(fixture.options(parallel: 3, perHost: 2)).run(photos)

        #expect(outcomes.allSatisfy { if case .downloaded = $0.result { true } else { false } })
        let stats = try await fixture.stats()
        #expect(stats.maxTotal <= 3)
        #expect(stats.maxTotal >= 2)  // transfers did overlap
        #expect(stats.maxByHost["127.0.0.1", default: 0] <= 2)
        #expect(stats.maxByHost["localhost", default: 0] <= 2)
        #expect(fixture.files().filter { $0.hasSuffix(".jpg") }.count == 16)
    }

    @Test(
        "photos of one name are numbered in the results' order; one whose name another file holds gets the next free number",
        arguments: [false, true])
    func sameNamesNumberedInOrder(nameTakenOnDisk: Bool) async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        if nameTakenOnDisk {
            let web = fixture.folder.appendingPathComponent("web")
            try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
            try Data("another file".utf8).write(to: web.appendingPathComponent("Harbor.jpg"))
        }
        // Bytes of their own: a photo whose bytes another file already has is not written again.
        // Transfers start while names are still being reserved, so there are enough photos that
        // reserving them all takes longer than the first one's transfer, and the folder has its
        // archive already (an earlier run's), so nothing else holds the first file back: without
        // the wait for every name, the first file took a number a later photo had not reserved
        // yet (in 5 runs of 5).
        let count = 400
        let photos = (0..<count).map { fixture.photo("p\($0)", url: fixture.url("/unique/p\($0)"), title: "Harbor") }
        var options = fixture.options()
        options.settings = DownloadSettings(filename: "{provider}/{title}.{ext}")
        let earlier = fixture.photo("earlier", url: fixture.url("/unique/earlier"), title: "Earlier")
        _ = try await fixture.downloader(options).run([earlier])
        let outcomes = try await fixture.downloader(options).run(photos)

        let files = outcomes.map { outcome -> String? in
            if case .downloaded(let file, _) = outcome.result { file } else { nil }
        }
        // Every name is reserved before the first file is placed, so the first photo's number
        // cannot depend on how far the others got.
        let first = nameTakenOnDisk ? "web/Harbor-\(count + 1).jpg" : "web/Harbor.jpg"
        #expect(files == [first] + (2...count).map { "web/Harbor-\($0).jpg" })
    }

    @Test("the body streams to a file descriptor: status, headers, length (also on the response) and checksum as sent")
    func streamsToADescriptor() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let path = fixture.folder.appendingPathComponent("body").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let sink = DescriptorBodySink(descriptor: descriptor)
        let response = try await fixture.http.stream(HTTPRequest(url: fixture.url("/img/x")), into: sink, progress: nil)
        let expected = try Data(contentsOf: DownloadFixture.jpeg)

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "image/jpeg")
        #expect(response.headers["content-length"] == String(expected.count))
        #expect(response.body.isEmpty)
        #expect(response.receivedLength == Int64(expected.count))  // what --verbose logs, not the empty body's 0
        #expect(sink.byteCount == Int64(expected.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        // The checksum is XXH3-128 as xxHash's own tool prints it.
        let (_, sum) = try await runProgram("/usr/bin/xxhsum", ["-H2", DownloadFixture.jpeg.path])
        #expect(sink.checksum() == "xxh128:" + String(decoding: sum.prefix(32), as: UTF8.self))
    }

    @Test(
        "a sink that opens its own file does so on the client's thread as the transfer starts; its failure is the transfer's"
    )
    func sinkOpensItsFile() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let path = fixture.folder.appendingPathComponent("opened").path
        let openedOn = Mutex<String?>(nil)
        let sink = DescriptorBodySink(opening: {
            openedOn.withLock { $0 = Thread.current.name }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            return descriptor >= 0 ? .success(descriptor) : .failure(.init("cannot open"))
        })
        #expect(sink.openedDescriptor == nil)
        _ = try await fixture.http.stream(HTTPRequest(url: fixture.url("/img/x")), into: sink, progress: nil)
        let descriptor = try #require(sink.openedDescriptor)
        close(descriptor)
        #expect(openedOn.withLock { $0 } == "vf-http")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try Data(contentsOf: DownloadFixture.jpeg)))

        let refused = DescriptorBodySink(opening: { .failure(.init("the disk is full")) })
        do {
            _ = try await fixture.http.stream(HTTPRequest(url: fixture.url("/img/x")), into: refused, progress: nil)
            Issue.record("a transfer without a file succeeded")
        } catch let error as HTTPClientError {
            #expect(error.kind == .fileSystem)
            #expect(error.message.hasSuffix(": the disk is full"))
        }
        let stats = try await fixture.stats()
        // The refused transfer never reached the server.
        #expect(stats.requests.filter { $0.path == "/img/x" }.count == 1)
    }

    @Test("where the file system has no unnamed files, named temporary files are used and none is left")
    func namedTemporaryFiles() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        var options = fixture.options()
        options.unnamedTemporaryFiles = false
        let photos = (0..<3).map { fixture.photo("n\($0)", url: fixture.url("/img/n\($0)")) }
        let page = fixture.photo("page", url: fixture.url("/html/page"))  // refused: not an image
        let outcomes = try await fixture.downloader(options).run(photos + [page])
        #expect(outcomes.prefix(3).allSatisfy { if case .downloaded = $0.result { true } else { false } })
        // A second run rewrites CREDITS.md and finds the files it has.
        let again = try await fixture.downloader(options).run(photos)
        #expect(again.allSatisfy { if case .alreadyHad = $0.result { true } else { false } })
        let files = fixture.files()
        #expect(files.filter { $0.hasSuffix(".jpg") }.count == 3)
        #expect(files.filter { $0.hasSuffix(".xmp") }.count == 3)
        #expect(files.contains("CREDITS.md"))
        #expect(!files.contains { $0.hasSuffix(".viewfinder-part") }, "\(files)")
    }

    @Test("header lines are read as servers write them: names lower-cased, values without the space around them")
    func looseHeaderLines() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let response = try await fixture.http.send(HTTPRequest(url: fixture.url("/headers")))
        #expect(response.headers["x-no-space"] == "tight")
        #expect(response.headers["x-tabs"] == "spaced")
        #expect(response.headers["retry-after"] == "7")
        #expect(response.headers["x-empty"] == "")
        #expect(response.body == (try Data(contentsOf: DownloadFixture.jpeg)))
    }

    @Test("a connection dropped mid-file leaves no file under a final name, and the next run completes it")
    func droppedConnection() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photo = fixture.photo("d1", url: fixture.url("/drop/d1?drops=3"), title: "Dropped")

        let first = try await fixture.downloader(fixture.options()).run([photo])
        guard case .failed = first[0].result else {
            Issue.record("expected a failure, got \(first[0].result)")
            return
        }
        #expect(!fixture.files().contains { $0.hasPrefix("web/") })  // neither a final nor a temporary file

        let second = try await fixture.downloader(fixture.options()).run([photo])
        #expect(
            second[0].result
                == .downloaded(
                    file: "web/d1-Dropped.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        #expect(
            try Data(contentsOf: fixture.folder.appendingPathComponent("web/d1-Dropped.jpg"))
                == Data(contentsOf: DownloadFixture.jpeg))
        #expect(!fixture.files().contains { $0.hasSuffix(".viewfinder-part") })
    }

    @Test("temporary files a killed run left behind are removed by the next run")
    func leftoversRemoved() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let leftover = fixture.folder.appendingPathComponent("web/.0F1E-killed.viewfinder-part")
        try FileManager.default.createDirectory(
            at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("half a photo".utf8).write(to: leftover)
        _ = try await fixture.downloader(fixture.options()).run([fixture.photo("k1", url: fixture.url("/img/k1"))])
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(fixture.files().contains("web/k1-Photo k1.jpg"))
    }

    @Test("a re-run makes no image request; a moved-away file comes back only with the archive off")
    func rerunUsesTheArchive() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photos = (0..<3).map { fixture.photo("r\($0)", url: fixture.url("/img/r\($0)")) }
        _ = try await fixture.downloader(fixture.options()).run(photos)
        let before = try await fixture.stats().requests.count

        let again = try await fixture.downloader(fixture.options()).run(photos)
        #expect(again.allSatisfy { if case .alreadyHad = $0.result { true } else { false } })
        #expect(try await fixture.stats().requests.count == before + 0)

        for moved in ["web/r0-Photo r0.jpg", "web/r0-Photo r0.jpg.xmp"] {  // a photo moved away with its sidecar
            try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(moved))
        }
        _ = try await fixture.downloader(fixture.options()).run(photos)
        #expect(try await fixture.stats().requests.filter { $0.path.hasPrefix("/img/r") }.count == 3)

        let noArchive = try await fixture.downloader(fixture.options(useArchive: false)).run(photos)
        #expect(
            noArchive[0].result
                == .downloaded(
                    file: "web/r0-Photo r0.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        #expect(noArchive[1].result == .alreadyHad(file: "web/r1-Photo r1.jpg"))
        #expect(try await fixture.stats().requests.filter { $0.path.hasPrefix("/img/r") }.count == 4)
    }

    @Test("two results with the same name get two files; a page that is not an image fails and leaves nothing")
    func distinctNamesAndNonImages() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let options = DownloadOptions(
            directory: fixture.folder, settings: .init(filename: "{title}.{ext}"))
        let photos = [
            fixture.photo("1", url: fixture.url("/img/1"), title: "Same"),
            fixture.photo("2", url: fixture.url("/img/2"), title: "same"),
            fixture.photo("3", url: fixture.url("/html/3"), title: "Page"),
        ]
        let outcomes = try await fixture.downloader(options).run(photos)
        #expect(
            outcomes[0].result
                == .downloaded(file: "Same.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        #expect(
            outcomes[1].result
                == .downloaded(file: "same-2.jpg", bytes: Int64(try Data(contentsOf: DownloadFixture.jpeg).count)))
        guard case .failed(let reason) = outcomes[2].result else {
            Issue.record("an HTML page was saved as an image")
            return
        }
        #expect(reason.contains("text/html"))
        #expect(!fixture.files().contains { $0.hasPrefix("Page") })
    }

    @Test("local photos are copied, or hard-linked with link, never moved")
    func localPhotos() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let source = fixture.folder.appendingPathComponent("source/original.jpg")
        try FileManager.default.createDirectory(
            at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DownloadFixture.jpeg, to: source)
        let photo = Photo(provider: "local", id: "original.jpg", title: "Original", filePath: source.path)

        var options = DownloadOptions(directory: fixture.folder.appendingPathComponent("copied"))
        _ = try await fixture.downloader(options).run([photo])
        options.directory = fixture.folder.appendingPathComponent("linked")
        options.link = true
        _ = try await fixture.downloader(options).run([photo])

        #expect(FileManager.default.fileExists(atPath: source.path))
        let copied = fixture.folder.appendingPathComponent("copied/local/original-Original.jpg")
        let linked = fixture.folder.appendingPathComponent("linked/local/original-Original.jpg")
        #expect(try Data(contentsOf: copied) == Data(contentsOf: source))
        let links = try FileManager.default.attributesOfItem(atPath: linked.path)[.referenceCount] as? Int
        #expect(links == 2)
        let copies = try FileManager.default.attributesOfItem(atPath: copied.path)[.referenceCount] as? Int
        #expect(copies == 1)
    }

    @Test("a local photo whose name is not UTF-8 is copied and linked from its real bytes")
    func localPhotoWithLatin1Name() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let folder = fixture.folder.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes =
            Array(folder.path.utf8) + Array("/caf\u{E9}".unicodeScalars.map { UInt8($0.value) }) + Array(".jpg".utf8)
        let jpeg = try Data(contentsOf: DownloadFixture.jpeg)
        let written = FileSystemPath(bytes: bytes).withCString { path in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            defer { close(descriptor) }
            return jpeg.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == jpeg.count
        }
        #expect(written)
        let encoded = folder.path + "/caf%E9.jpg"
        let photo = Photo(
            provider: "local", id: "caf\u{FFFD}.jpg", title: "Caf\u{FFFD}", pageURL: URL(string: "file://" + encoded),
            images: [PhotoImage(size: .original, url: URL(string: "file://" + encoded)!)],
            filePath: folder.path + "/caf\u{FFFD}.jpg")

        var options = DownloadOptions(directory: fixture.folder.appendingPathComponent("copied"))
        let copied = try await fixture.downloader(options).run([photo])
        options.directory = fixture.folder.appendingPathComponent("linked")
        options.link = true
        let linked = try await fixture.downloader(options).run([photo])

        for outcome in copied + linked {
            guard case .downloaded(let file, _) = outcome.result else {
                Issue.record("not downloaded: \(outcome.result)")
                continue
            }
            #expect(file.hasSuffix(".jpg"))
        }
    }

    @Test("a file: image URL on a photo that is not a local provider's is never read")
    func fileURLsFromElsewhereAreRefused() async throws {
        let fixture = try await DownloadFixture.start()
        defer { fixture.remove() }
        let photo = Photo(
            provider: "web", id: "f", images: [PhotoImage(size: .large, url: URL(string: "file:///etc/hostname")!)])
        let outcomes = try await fixture.downloader().run([photo])
        guard case .failed(let reason) = outcomes.first?.result else {
            Issue.record("not refused: \(String(describing: outcomes.first))")
            return
        }
        #expect(reason.contains("no image"))
        #expect(fixture.files().filter { $0.hasPrefix("web/") }.isEmpty)
    }
}
