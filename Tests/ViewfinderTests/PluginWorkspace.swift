import Foundation

/// A temporary folder with a configuration of shell-script plugins, for end-to-end runs that
/// signal Viewfinder, break its output, or feed it hostile text.
struct PluginWorkspace {
    let url: URL

    /// Each plugin writes its process group's id to `<name>.pid`, starts `sleep 100`
    /// in its group, then behaves as `mode` says:
    /// `hold` writes one photo and waits; `stream` writes a photo every 50 ms without end;
    /// `hostile` writes photos whose title and author hold escape sequences and newlines, and
    /// exits; `fail` answers with an error holding escape sequences and a newline; `long` writes
    /// one photo whose title is 2 MB long, and exits.
    static let script = #"""
        #!/bin/sh
        read -r _ _ _ _ group _ < /proc/$$/stat  # pid (name) state parent group: its supervisor's pid
        echo "$group" > "$1.tmp" && mv "$1.tmp" "$1"
        sleep 100 &
        case "$2" in
        hold)
            printf '%s\n' '{"photo":{"id":"p1","title":"Photo 1"}}'
            wait ;;
        stream)
            i=0
            while :; do
                i=$((i+1))
                printf '{"photo":{"id":"p%s","title":"Photo %s"}}\n' "$i" "$i" || exit 0
                sleep 0.05
            done ;;
        hostile)
            kill $!
            printf '%s\n' '{"photo":{"id":"h1","title":"\u001b[2JEvil\nTitle\r\u009b31m","author":"\u001b]0;pwned\u0007Mal\u202elory\u007f","page_url":"https://example.org/h1"}}'
            printf '%s\n' '{"photo":{"id":"h2","title":"Plain","author":"Ann"}}' ;;
        long)
            kill $!
            printf '{"photo":{"id":"l1","title":"%s"}}\n' "$(head -c 2000000 /dev/zero | tr '\0' x)" ;;
        fail)
            kill $!
            printf '%s\n' '{"error":"bad \u001b[31mthing\nhappened\u001b]0;title\u0007"}' ;;
        esac
        """#

    /// Plugins as `name: mode`, in order.
    init(plugins: [(name: String, mode: String)], timeout: String = "60s") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let plugin = url.appendingPathComponent("plugin.sh")
        try ExecutableScript.write(Self.script, to: plugin)
        var config = "search:\n  limit: 10000\n  timeout: \(timeout)\nproviders:\n"
        for (name, mode) in plugins {
            config += "  \(name):\n    type: exec\n    command: [./plugin.sh, \(pidFile(name).path), \(mode)]\n"
        }
        try Data(config.utf8).write(to: url.appendingPathComponent("config.yaml"))
    }

    func pidFile(_ name: String) -> URL {
        url.appendingPathComponent("\(name).pid")
    }

    /// The plugin's process group, once it has started (within 20 s).
    func processGroup(of name: String) async throws -> pid_t {
        for _ in 0..<400 {
            if let text = try? String(contentsOf: pidFile(name), encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// The processes of group `group` still alive (zombies, which hold nothing, do not count).
    static func survivors(ofGroup group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After "pid (comm) ": state, ppid, pgrp.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
            return pid
        }
    }

    /// Waits up to 3 s for every process of `group` to end; the survivors, if any.
    static func survivorsAfterGrace(ofGroup group: pid_t) async throws -> [pid_t] {
        for _ in 0..<30 {
            if survivors(ofGroup: group).isEmpty { return [] }
            try await Task.sleep(for: .milliseconds(100))
        }
        let left = survivors(ofGroup: group)
        kill(-group, SIGKILL)  // leave nothing behind, even when the test fails
        return left
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A `viewfinder` run the test can signal and whose output it can read or close as it goes.
final class RunningViewfinder: @unchecked Sendable {
    let process = Process()
    let stdout = Pipe()
    let stderr = Pipe()
    private let exited = AsyncStream.makeStream(of: Int32.self)

    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = ViewfinderProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1",
            "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
        ]
        process.standardOutput = stdout
        process.standardError = stderr
        let continuation = exited.continuation
        process.terminationHandler = { finished in
            continuation.yield(finished.terminationStatus)
            continuation.finish()
        }
        try process.run()
    }

    var pid: pid_t { process.processIdentifier }

    /// Reads standard output until its first newline (on a background thread).
    func firstLine() async -> String {
        let handle = stdout.fileHandleForReading
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var line = Data()
                while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != 0x0A {
                    line.append(first)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// The exit status (128 + n when killed by signal n), killing the run after `timeout`.
    func status(timeout: Duration = .seconds(30)) async -> Int32 {
        let pid = pid
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            // What each thread was doing, for the failure to explain itself.
            print("viewfinder \(pid) did not end in \(timeout); its threads:\n\(Self.threads(of: pid))")
            kill(pid, SIGKILL)
        }
        defer { watchdog.cancel() }
        var status: Int32 = -1
        for await code in exited.stream { status = code }
        if process.terminationReason == .uncaughtSignal { status += 128 }
        return status
    }

    /// Each thread of process `pid`: its name, state, blocked and pending signals (thread and
    /// process), and the kernel function it waits in.
    static func threads(of pid: pid_t) -> String {
        threadStatuses(of: pid).map { task, fields in
            let shown = ["Name", "State", "SigBlk", "SigPnd", "ShdPnd"].map { "\($0): \(fields[$0] ?? "?")" }
            let waiting = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
            return "  \(task) " + shown.joined(separator: ", ") + ", wchan: \(waiting)"
        }.joined(separator: "\n")
    }

    /// The blocked signals (`SigBlk`) of each thread of process `pid`, by thread name.
    static func threadMasks(of pid: pid_t) -> [String: UInt64] {
        var masks: [String: UInt64] = [:]
        for (_, fields) in threadStatuses(of: pid) {
            if let name = fields["Name"], let mask = fields["SigBlk"].flatMap({ UInt64($0, radix: 16) }) {
                masks[name] = mask
            }
        }
        return masks
    }

    /// Each thread of process `pid` (its id, in order) with the fields of its `status` file.
    private static func threadStatuses(of pid: pid_t) -> [(task: String, fields: [String: String])] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.sorted().map { task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let fields = Dictionary(
                status.split(separator: "\n").map { line in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
                }, uniquingKeysWith: { first, _ in first })
            return (task, fields)
        }
    }

    /// Everything written to standard error (call after the run ended).
    func errorText() -> String {
        String(decoding: (try? stderr.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
    }
}
