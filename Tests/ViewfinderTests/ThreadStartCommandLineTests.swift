import Foundation
import ProviderKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `viewfinder --version` and `--help` start no thread: the blocking-work executor, the output
/// writer and the signal watcher start only for a command that needs them. Their threads are
/// counted while the process is blocked writing its answer to a pipe that is already full; a
/// search's signal dispositions are read then too.
@Suite("Threads: help and the version start none")
struct ThreadStartCommandLineTests {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The names of the threads of `viewfinder arguments…` while it waits on its full standard
    /// output, its signals' dispositions then (the `Sig…` lines of /proc/PID/status), and what it
    /// wrote once that is read. It runs in `folder` (with its cache and settings there) when given.
    static func threadsWhileWriting(_ arguments: [String], in folder: URL? = nil) throws -> (
        names: [String], signals: [String: UInt64], output: String
    ) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(description: "no pipe: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Close-on-exec at once (Glibc's module has no `pipe2`): a program another test starts
        // meanwhile must not hold the write end, or the read below would wait for it to end.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(readEnd) }
        _ = fcntl(writeEnd, 1031, 4096)  // F_SETPIPE_SZ: a page
        _ = fcntl(writeEnd, F_SETFL, O_NONBLOCK)
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var filled = 0
        while true {
            let written = write(writeEnd, filler, filler.count)
            guard written > 0 else { break }
            filled += written
        }
        _ = fcntl(writeEnd, F_SETFL, 0)
        let process = Process()
        process.executableURL = ViewfinderProcess.binary
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        if let folder {
            process.currentDirectoryURL = folder
            process.environment = ViewfinderProcess.environment(in: folder)
        }
        try process.run()
        close(writeEnd)
        // Asleep on three looks 20 ms apart: blocked on the full pipe, for as long as it is full.
        var names: [String] = []
        var signals: [String: UInt64] = [:]
        var asleep = 0
        for _ in 0..<1000 where asleep < 3 {
            usleep(20_000)
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            asleep = state == "S" ? asleep + 1 : 0
            let tasks = "/proc/\(process.processIdentifier)/task"
            names = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).compactMap {
                try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
            }
            let status =
                (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            for line in status.split(separator: "\n") where line.hasPrefix("Sig") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, let mask = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) {
                    signals[String(parts[0])] = mask
                }
            }
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        process.waitUntilExit()
        guard asleep == 3 else { throw Failure(description: "viewfinder never waited on its full output") }
        return (names, signals, String(decoding: output.dropFirst(filled), as: UTF8.self))
    }

    @Test(
        "--version, --help and a command's --help run on the main thread alone",
        arguments: [
            ["--version"], ["--help"], ["help"], ["inspect", "--help"],
        ])
    func noThreads(arguments: [String]) async throws {
        // Its waits and blocking reads on a thread of the blocking executor, not Swift's pool.
        let (names, _, output) = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            try Self.threadsWhileWriting(arguments)
        }
        #expect(names == ["viewfinder"], "threads of viewfinder \(arguments.joined(separator: " "))")
        #expect(!output.isEmpty)
    }

    @Test(
        "a search's --help starts none of a search's threads (the warm-up, reading the configuration beside it, may run)"
    )
    func searchHelp() async throws {
        let (names, _, output) = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            try Self.threadsWhileWriting(["search", "--help"])
        }
        #expect(Set(names).isSubset(of: ["viewfinder", "vf-warm-up"]), "threads: \(names)")
        #expect(output.contains("--format"))
    }

    @Test("a search catches SIGPIPE with the signal watcher's handler, not SIG_IGN, while it writes its results")
    func searchCatchesBrokenPipe() async throws {
        let workspace = try Workspace.withThreeSamples(
            config: "providers:\n  photos:\n    type: local-folder\n    path: photos\n    recursive: true\n")
        defer { workspace.remove() }
        let folder = workspace.url
        let (names, signals, output) = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            try Self.threadsWhileWriting(["search", "harbor", "--offline"], in: folder)
        }
        let bit = UInt64(1) << UInt64(SIGPIPE - 1)
        #expect(signals["SigCgt"].map { $0 & bit != 0 } == true, "SIGPIPE not caught: \(signals)")
        #expect(signals["SigIgn"].map { $0 & bit == 0 } == true, "SIGPIPE ignored: \(signals)")
        #expect(names.contains("vf-signals"), "threads: \(names)")
        #expect(output.contains("Lighthouse"), "\(output)")
    }
}
