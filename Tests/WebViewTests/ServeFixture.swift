import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus

@testable import WebView

/// An encoder for a server whose searches never start.
struct NoEvents: SearchEventEncoder {
    mutating func events(for state: SearchState, photo: (Photo) -> Photo) -> [String] { [] }
    mutating func finish(_ state: SearchState, photo: (Photo) -> Photo) -> [String] { [] }
}

/// A provider that answers nothing and ends only when its search is cancelled.
struct EndlessProvider: PhotoProvider {
    let name = "endless"
    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        AsyncThrowingStream { continuation in
            let waiting = Task {
                try? await Task.sleep(for: .seconds(600))
                continuation.finish()
            }
            continuation.onTermination = { _ in waiting.cancel() }
        }
    }
}

/// `serve` on a free loopback port, and a client that writes requests byte for byte on a
/// socket (a browser would not send most of them).
enum ServeFixture {
    /// Starts a server hiding `secret` whose searches have no providers (they end at once), or
    /// one that never answers when `endless`, or `providers`; runs `body` with its port, the
    /// folder of its recent searches and its table of local photo ids.
    static func withServer(
        secret: String = "unused-secret", endless: Bool = false, providers given: [LiveProvider]? = nil,
        maxSearches: Int = WebServer.defaultMaxSearches,
        maxLocalStreams: Int = WebServer.defaultMaxLocalStreams, maxConnections: Int? = nil,
        makeEncoder: @escaping @Sendable () -> any SearchEventEncoder = { NoEvents() },
        rawPreview: LocalRAWPreview? = nil, rawGridPreview: LocalRAWPreview? = nil,
        _ body: (Int, URL, LocalPhotoIDs) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-guard-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let providers = given ?? (endless ? [LiveProvider(provider: EndlessProvider(), typeName: "endless")] : [])
        var server = WebServer(
            port: 0, resources: try PageResources.load(), recent: RecentSearches(folder: folder),
            redact: { $0.replacingOccurrences(of: secret, with: "***") }, maxSearches: maxSearches,
            maxLocalStreams: maxLocalStreams,
            maxConnections: maxConnections, makeEncoder: makeEncoder,
            launch: { operation, _ in
                (
                    SearchViewModel(
                        lineup: ProviderLineup(providers: providers),
                        settings: SearchSettings(limit: 30, timeout: .seconds(600))),
                    SearchRequest(operation, limit: 30)
                )
            })
        server.rawPreview = rawPreview
        server.rawGridPreview = rawGridPreview
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let running = Task { [server] in try await server.run { continuation.yield($0) } }
        defer { running.cancel() }
        guard let port = await ports.first(where: { _ in true }) else { return }
        try await body(port, folder, server.localIDs)
    }

    /// The whole answer to `request` (sent with `Connection: close`): its head and its body.
    static func answer(_ request: String, port: Int) async -> (head: String, body: [UInt8]) {
        await withCheckedContinuation { continuation in
            Thread {
                let descriptor = Self.connection(port: port)
                var answer: [UInt8] = []
                if descriptor >= 0 {
                    let bytes = Array(request.utf8)
                    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    while true {
                        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                        if count <= 0 { break }
                        answer += buffer[0..<count]
                    }
                    close(descriptor)
                }
                let end = (0..<max(0, answer.count - 3)).first { answer[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
                let head = end.map { String(decoding: answer[..<$0], as: UTF8.self) } ?? ""
                let body = end.map { Array(answer[($0 + 4)...]) } ?? []
                continuation.resume(returning: (head, body))
            }.start()
        }
    }

    /// The status line of the answer to `request`, sent on a socket from a thread of its own.
    static func statusLine(_ request: String, port: Int) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: Self.exchange(request, port: port))
            }.start()
        }
    }

    static func exchange(_ request: String, port: Int) -> String {
        let descriptor = connection(port: port)
        guard descriptor >= 0 else { return "cannot connect" }
        defer { close(descriptor) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(13) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let line = answer.split(separator: 13).first.map { String(decoding: $0, as: UTF8.self) }
        return line ?? "no answer"
    }

    /// A socket connected to the server, with a 10 s receive timeout; -1 when it cannot connect.
    /// `receiveBuffer` bytes fixes the socket's receive buffer (before it connects, so the window
    /// is set from it): a client that reads nothing then holds up a large answer, where the
    /// kernel's autotuning would otherwise take in up to `tcp_rmem`'s 32 MB.
    static func connection(port: Int, receiveBuffer: Int32? = nil) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
