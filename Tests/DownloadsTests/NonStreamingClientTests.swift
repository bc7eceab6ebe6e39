import Downloads
import Foundation
import ProviderKit
import Testing

/// A client that cannot stream: `HTTPClient`'s default `stream` hands it a whole 2xx body.
private struct WholeBodyClient: HTTPClient {
    let status: Int
    let body: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: status, headers: status == 429 ? ["retry-after": "1"] : [:], body: body)
    }

    func download(
        _ request: HTTPRequest, to destination: URL, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        throw HTTPClientError(.other, "not used")
    }
}

@Suite("Downloads through a client that cannot stream")
struct NonStreamingClientTests {
    static func photo(_ id: String) -> Photo {
        Photo(
            provider: "web", id: id, title: "T \(id)",
            images: [PhotoImage(size: .large, url: URL(string: "http://example.invalid/\(id).jpg")!)])
    }

    @Test(
        "a whole body is written by the sink on a thread of its own; 404 fails and 429 pauses the host, each with its reason"
    )
    func statuses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "viewfinder-whole-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = DownloadOptions(directory: folder, defaultPause: .milliseconds(10))
        options.maxPauses = 1
        let jpeg = try Data(contentsOf: DownloadFixture.jpeg)

        let saved = try await Downloader(http: WholeBodyClient(status: 200, body: jpeg), options: options)
            .run([Self.photo("ok")])
        guard case .downloaded(let file, let bytes) = saved[0].result else {
            Issue.record("\(saved[0].result)")
            return
        }
        #expect(bytes == Int64(jpeg.count))
        #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == jpeg)

        let missing = try await Downloader(http: WholeBodyClient(status: 404, body: Data()), options: options)
            .run([Self.photo("gone")])
        #expect(missing[0].result == .failed(reason: "HTTP 404 for GET http://example.invalid/gone.jpg"))
        let limited = try await Downloader(http: WholeBodyClient(status: 429, body: Data()), options: options)
            .run([Self.photo("busy")])
        #expect(limited[0].result == .failed(reason: "example.invalid answered 429 2 times in a row; try again later"))
    }
}
