import Downloads
import Foundation
import ProviderKit
import ProviderTesting
import ServiceBus

/// The image host (`download_server.py`), a fresh target folder, and photos pointing at the host.
struct DownloadFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let jpeg = repository.appendingPathComponent("Samples/beach-pier-blue-hour.jpg")

    let server: LoopbackServer
    let folder: URL
    let http = CurlHTTPClient(userAgent: "viewfinder-tests")

    static func start() async throws -> DownloadFixture {
        let server = try await LoopbackServer.start(
            script: "Tests/DownloadsTests/download_server.py", arguments: [jpeg.path])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "viewfinder-downloads-\(UUID().uuidString)", isDirectory: true)
        return DownloadFixture(server: server, folder: folder)
    }

    /// The URL of `path` on the server as `host` (127.0.0.1 or localhost).
    func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(server.baseURL.port ?? 0)\(path)")!
    }

    /// A photo whose largest image is `url`.
    func photo(_ id: String, url: URL, title: String? = nil, provider: String = "web") -> Photo {
        Photo(
            provider: provider, id: id, title: title ?? "Photo \(id)",
            images: [
                PhotoImage(size: .thumbnail, url: self.url("/img/thumb-\(id)")), PhotoImage(size: .large, url: url),
            ])
    }

    func downloader(_ options: DownloadOptions? = nil) -> Downloader {
        Downloader(http: http, options: options ?? DownloadOptions(directory: folder))
    }

    func options(parallel: Int = 8, perHost: Int = 4, useArchive: Bool = true) -> DownloadOptions {
        DownloadOptions(
            directory: folder, settings: DownloadSettings(parallel: parallel, perHost: perHost), useArchive: useArchive,
            defaultPause: .seconds(1))
    }

    struct Stats: Decodable {
        struct Request: Decodable {
            let host: String
            let path: String
            let start: Double
            let acceptEncoding: String?

            enum CodingKeys: String, CodingKey {
                case host, path, start
                case acceptEncoding = "accept_encoding"
            }
        }
        let maxTotal: Int
        let maxByHost: [String: Int]
        let requests: [Request]

        enum CodingKeys: String, CodingKey {
            case maxTotal = "max_total"
            case maxByHost = "max_by_host"
            case requests
        }
    }

    func stats() async throws -> Stats {
        let response = try await http.send(HTTPRequest(url: url("/stats")))
        return try JSONDecoder().decode(Stats.self, from: response.body)
    }

    /// Every file below the folder, relative, sorted.
    func files() -> [String] {
        let walk = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = walk?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                names.append(name)
            }
        }
        return names.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
        server.stop()
    }
}

/// Runs a program to its end on a thread of its own (never Swift's pool); returns its output.
func runProgram(_ path: String, _ arguments: [String]) async throws -> (status: Int32, output: Data) {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(
                with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: path)
                    process.arguments = arguments
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return (process.terminationStatus, data)
                })
        }.start()
    }
}
