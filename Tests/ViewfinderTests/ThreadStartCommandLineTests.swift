import Foundation
import ProviderKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `viewfinder --version` and `--help` start no thread: the blocking-work executor, the output
/// writer and the signal watcher start only for a command that needs them. Their threads are
/// counted while the process is blocked writing its answer to a pipe that is already full.
@Suite("Threads: help and the version start none")
struct ThreadStartCommandLineTests {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The names of the threads of `viewfinder arguments…` while it waits on its full standard
    /// output, and what it wrote once that is read.
    static func threadsWhileWriting(_ arguments: [String]) throws -> (names: [String], output: String) {
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
        try process.run()
        close(writeEnd)
        // Asleep on three looks 20 ms apart: blocked on the full pipe, for as long as it is full.
        var names: [String] = []
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
        return (names, String(decoding: output.dropFirst(filled), as: UTF8.self))
    }

    @Test(
        "--version, --help and a command's --help run on the main thread alone",
        arguments: [
            ["--version"], ["--help"], ["help"], ["inspect", "--help"],
        ])
    func noThreads(arguments: [String]) async throws {
        // Its waits and blocking reads on a thread of the blocking executor, not Swift's pool.
        let (names, output) = try await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            try Self.threadsWhileWriting(arguments)
        }
        #expect(names == ["viewfinder"], "threads of viewfinder \(arguments.joined(separator: " "))")
        #expect(!output.isEmpty)
    }
}
