import Foundation
import ProviderKit

/// A real HTTP server on 127.0.0.1, run from a Python script the test names, for tests that
/// need a server speaking an API's wire format. It stops when this value is released or `stop()` is called.
public final class LoopbackServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// Starts `python3 <script>` with `arguments` and waits, on ``BlockingExecutor``, for the
    /// script to print its port: Python takes a while to start, and a test must not hold one of
    /// the few threads Swift's tasks share meanwhile.
    ///
    /// `script` is found from the calling test file (`caller`, its `#filePath` by default), so a
    /// package of its own finds its own scripts: an absolute path as it is; a bare file name
    /// beside the caller, else in a `Fixtures` or `Tests/Fixtures` folder of the caller's folder
    /// or a folder above it; a relative path with a `/` (`Tests/OpenverseProviderTests/x.py`)
    /// below the caller's folder or a folder above it.
    public static func start(
        script: String, arguments: [String] = [], caller: StaticString = #filePath
    ) async throws -> LoopbackServer {
        let path = try locate(script, from: "\(caller)")
        return try await BlockingExecutor.shared.run { _ in try LoopbackServer(scriptAt: path, arguments: arguments) }
    }

    /// Starts the server like ``start(script:arguments:caller:)``, blocking the calling thread
    /// until it listens; for code that cannot await (a static property, a benchmark's top level).
    public convenience init(script: String, arguments: [String] = [], caller: StaticString = #filePath) throws {
        try self.init(scriptAt: try Self.locate(script, from: "\(caller)"), arguments: arguments)
    }

    /// The script's path, looked for as ``start(script:arguments:caller:)`` says.
    static func locate(_ script: String, from caller: String) throws -> URL {
        if script.hasPrefix("/") { return URL(fileURLWithPath: script) }
        var folder = URL(fileURLWithPath: caller).deletingLastPathComponent()
        let candidates = script.contains("/") ? [script] : [script, "Fixtures/" + script, "Tests/Fixtures/" + script]
        while folder.path != "/" {
            for candidate in candidates {
                let url = folder.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
            folder.deleteLastPathComponent()
        }
        throw ServerFailure(description: "no script \(script) beside \(caller) or in a Fixtures folder above it")
    }

    /// Starts `python3 script` with `arguments`, blocking until it prints its port.
    public init(scriptAt script: URL, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        // A test's thread blocks SIGTERM (Dispatch's do): `stop()`'s terminate must reach the server.
        try SignalMask.clearedWhile { try process.run() }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)), let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            process.terminate()
            throw ServerFailure(description: "\(script.path) did not print its port (is python3 installed?)")
        }
        self.process = process
        self.input = input
        baseURL = url
    }

    /// A URL on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    /// The body of `GET pathAndQuery` on this server, such as a fake's record of the calls it
    /// received (`/stats`), fetched with libcurl as a provider's requests are.
    public func body(of pathAndQuery: String) async throws -> Data {
        let client = CurlHTTPClient(userAgent: "viewfinder-tests")
        let response = try await client.send(HTTPRequest(url: url(pathAndQuery)))
        guard response.isSuccess else {
            throw ServerFailure(description: "GET \(pathAndQuery) answered HTTP \(response.status)")
        }
        return response.body
    }

    /// The calls a fake server built on the tests' shared `fixture_support.py` received, as its
    /// `GET /stats` lists them: each one's query parameters, and what else that fake notes.
    public func recordedCalls() async throws -> [[String: String]] {
        try await stats()["calls"] as? [[String: String]] ?? []
    }

    /// The paths of such a fake's stalled requests whose client hung up before the answer.
    public func abortedPaths() async throws -> [String] {
        try await stats()["aborted"] as? [String] ?? []
    }

    private func stats() async throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try await body(of: "/stats")) as? [String: Any] ?? [:]
    }

    /// Stops the server.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    deinit {
        stop()
    }

    struct ServerFailure: Error, CustomStringConvertible {
        let description: String
    }
}
