import Foundation
import ProviderKit
import Synchronization

/// Runs the built `viewfinder` binary and captures what it prints.
struct ViewfinderProcess {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output parsed as one JSON object.
        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] ?? [:]
        }

        /// Standard output parsed as one JSON object per line.
        func jsonLines() throws -> [[String: Any]] {
            try stdout.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
            }
        }
    }

    /// The binary SwiftPM built next to the test bundle (or `$VIEWFINDER_BINARY`).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["VIEWFINDER_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("viewfinder")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/viewfinder")
    }

    /// The environment a run in `directory` starts from: its home, settings and cache there,
    /// the system's programs only, no colour.
    static func environment(in directory: URL) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1",
            "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
        ]
    }

    /// Runs `viewfinder arguments…` in `directory` with `environment` added to a clean one, and
    /// the variables in `removing` left out of it.
    /// With a `launcher` (a program and its arguments, ending with the binary to run), runs
    /// that instead, e.g. `setpriv` to run as another user.
    ///
    /// Waits without blocking a thread, so concurrent tests on the cooperative pool are not starved.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], removing: Set<String> = [],
        launcher: [String] = [], timeout: Duration = .seconds(60)
    ) async throws -> Output {
        let process = Process()
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = Array(launcher.dropFirst()) + arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(in: directory).merging(environment) { $1 }.filter {
            !removing.contains($0.key)
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let outData = Capture(out.fileHandleForReading)
        let errData = Capture(err.fileHandleForReading)
        let exited = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            kill(pid, SIGKILL)
        }
        let missedExit = Task {
            if let code = await exitFoundationMissed(pid) {
                exited.continuation.yield(code)
                exited.continuation.finish()
            }
        }
        var status: Int32 = -1
        for await code in exited.stream { status = code }
        watchdog.cancel()
        missedExit.cancel()
        return Output(status: status, stdout: await outData.text(), stderr: await errData.text())
    }

    /// Foundation's `Process` on Linux now and then never calls the termination handler of a child
    /// that has ended (seen as a test run waiting for good, every thread idle, the child gone): this
    /// notices the child waiting to be reaped, without reaping it (`WNOWAIT`, so Foundation still
    /// can), gives Foundation two seconds more, and returns its status as Foundation would (the
    /// exit code, or the signal's number). `nil` when cancelled first.
    private static func exitFoundationMissed(_ pid: pid_t) async -> Int32? {
        while !Task.isCancelled {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                guard (try? await Task.sleep(for: .seconds(2))) != nil else { return nil }
                return info._sifields._sigchld.si_status
            }
            guard (try? await Task.sleep(for: .milliseconds(200))) != nil else { return nil }
        }
        return nil
    }

    /// Reads a pipe to its end on a thread of its own so a full pipe never blocks the child (not
    /// on a Dispatch global queue: on Linux those threads run Swift's tasks, which other tests
    /// need); the text is awaited, so a descendant that keeps the pipe open holds no thread of
    /// Swift's pool either.
    private final class Capture: Sendable {
        private let data = Mutex(Data())
        private let done = OnceGate()

        init(_ handle: FileHandle) {
            Thread { [self] in
                let read = handle.readDataToEndOfFile()
                data.withLock { $0 = read }
                done.open()
            }.start()
        }

        func text() async -> String {
            await done.wait()
            return String(decoding: data.withLock { $0 }, as: UTF8.self)
        }
    }
}

/// A temporary folder with a configuration file and real photos.
struct Workspace {
    let url: URL

    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    init(config: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: url.appendingPathComponent("config.yaml"))
    }

    func addSample(_ name: String, as target: String) throws {
        let destination = url.appendingPathComponent("photos").appendingPathComponent(target)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent(name), to: destination)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ViewfinderProcess.Output {
        try await ViewfinderProcess.run(arguments, in: url, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
