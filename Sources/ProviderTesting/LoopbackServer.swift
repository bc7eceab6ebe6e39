import Foundation

/// A real HTTP server on 127.0.0.1, run from a script in `Tests/Fixtures/`, for tests that
/// need a server speaking an API's wire format. It stops when this value is released or `stop()` is called.
public final class LoopbackServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// Starts `python3 <script>` with `arguments` and waits, on a thread of its own, for the
    /// script to print its port: Python takes a while to start, and a test must not hold one of
    /// the few threads Swift's tasks share meanwhile.
    ///
    /// A bare file name is looked up in `Tests/Fixtures/`; a path with a `/` is relative to the
    /// repository (e.g. `Tests/OpenverseProviderTests/openverse_server.py`).
    public static func start(script: String, arguments: [String] = []) async throws -> LoopbackServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try LoopbackServer(script: script, arguments: arguments) }) }
                .start()
        }
    }

    /// Starts the server like ``start(script:arguments:)``, blocking the calling thread until it
    /// listens; for code that cannot await (a static property, a benchmark's top level).
    public init(script: String, arguments: [String] = []) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fixtures = script.contains("/") ? repository : repository.appendingPathComponent("Tests/Fixtures")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixtures.appendingPathComponent(script).path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)), let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            process.terminate()
            throw ServerFailure(description: "\(script) did not print its port (is python3 installed?)")
        }
        self.process = process
        self.input = input
        baseURL = url
    }

    /// A URL on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
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
