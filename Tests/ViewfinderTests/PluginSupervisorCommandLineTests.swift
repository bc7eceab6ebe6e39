import Foundation
import Testing

/// A Viewfinder killed outright (SIGKILL: no handler runs) leaves no plugin behind: each plugin's
/// supervisor notices its parent's death and kills everything the plugin started.
@Suite("plugin supervisor when Viewfinder is killed", .serialized)
struct PluginSupervisorCommandLineTests {
    /// A folder with a config running `script` as the only plugin, and the sleeps it starts,
    /// each told apart by a duration of its own.
    struct Setup {
        let url: URL
        let sleeps: [String]

        init(script: (_ sleeps: [String]) -> String, count: Int) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-supervisor-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let unique = UInt32.random(in: 100_000...999_999)
            sleeps = (1...count).map { "30\($0).\(unique)" }
            let plugin = url.appendingPathComponent("plugin.sh")
            try ExecutableScript.write(script(sleeps), to: plugin)
            let config = "search:\n  timeout: 60s\nproviders:\n  stuck:\n    type: exec\n    command: [./plugin.sh]\n"
            try Data(config.utf8).write(to: url.appendingPathComponent("config.yaml"))
        }

        /// Living (not zombie) `sleep` processes among ours.
        func living() -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> String? in
                guard Int32(entry) != nil,
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")"), !stat[close...].hasPrefix(") Z")
                else { return nil }
                let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                guard arguments.first?.hasSuffix("sleep") == true, let duration = arguments.last,
                    sleeps.contains(duration)
                else { return nil }
                return duration
            }
        }

        /// Polls every 20 ms for up to `limit` until `condition` holds; whether it did.
        func waitUntil(within limit: Duration, _ condition: () -> Bool) async throws -> Bool {
            let deadline = ContinuousClock.now + limit
            while !condition() {
                guard ContinuousClock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(20))
            }
            return true
        }

        /// Kills what is left (so a failing test leaves nothing running) and removes the folder.
        func remove() {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries {
                guard let pid = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { continue }
                let text = String(decoding: data, as: UTF8.self)
                if sleeps.contains(where: { text.contains($0) }) { kill(pid, SIGKILL) }
            }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Starts a search with `setup`'s plugin, waits for every sleep, kills Viewfinder with
    /// SIGKILL, and says how long the sleeps outlived it (`nil`: still there after 1.5 s).
    func killViewfinder(_ setup: Setup, with signal: Int32 = SIGKILL) async throws -> Duration? {
        let run = try RunningViewfinder(["search", "harbor", "--format", "ndjson"], in: setup.url)
        let started = try await setup.waitUntil(within: .seconds(20)) { setup.living().count == setup.sleeps.count }
        guard started else {
            kill(run.pid, SIGKILL)
            _ = await run.status()
            try #require(
                started, "the plugin's sleeps did not all start: \(setup.living()); Viewfinder: \(run.errorText())")
            return nil
        }
        kill(run.pid, signal)
        let killed = ContinuousClock.now
        #expect(await run.status() == 128 + signal)
        guard try await setup.waitUntil(within: .milliseconds(1_500), { setup.living().isEmpty }) else { return nil }
        return ContinuousClock.now - killed
    }

    /// How a plugin leaves a child running before it becomes another program (`SLEEP` stands
    /// for the child's sleep): in the background; or with `setsid`, which puts the sleep in a
    /// session and group of its own, out of the plugin's group, while the `sh -c '… &'` between
    /// exits at once, so the sleep is orphaned: it comes to the supervisor, the nearest
    /// subreaper, instead of to init.
    static let childrenLeftBehind = [
        "sleep SLEEP &",
        "setsid sh -c 'sleep SLEEP </dev/null >/dev/null 2>&1 &'",
    ]

    @Test(
        "kill -9 of Viewfinder: a plugin's child (in the background, or gone with setsid and a double fork) and the program it became are gone within 1.5 s",
        arguments: childrenLeftBehind)
    func childAndExec(child: String) async throws {
        let setup = try Setup(
            script: { sleeps in
                """
                #!/bin/sh
                \(child.replacingOccurrences(of: "SLEEP", with: sleeps[0]))
                printf '%s\\n' '{"photo":{"id":"p1"}}'
                exec sleep \(sleeps[1])
                """
            }, count: 2)
        defer { setup.remove() }
        let outlived = try await killViewfinder(setup)
        #expect(outlived != nil, "still running 1.5 s after Viewfinder was killed: \(setup.living())")
    }

    @Test("Ctrl-C: a grandchild in a process group of its own, under a parent still alive, is gone within 1.5 s")
    func ownGroupUnderALivingParent() async throws {
        // `set -m` gives the shell's background job a group of its own (setpgid), out of the
        // plugin's group; the shell between stays alive, waiting, so the sleep is no orphan the
        // supervisor would be handed: it must be found below it and killed.
        let setup = try Setup(
            script: { sleeps in
                """
                #!/bin/sh
                sh -c 'set -m; sleep \(sleeps[0]) </dev/null >/dev/null 2>&1 & wait' &
                printf '%s\\n' '{"photo":{"id":"p1"}}'
                exec sleep \(sleeps[1])
                """
            }, count: 2)
        defer { setup.remove() }
        let outlived = try await killViewfinder(setup, with: SIGINT)
        #expect(outlived != nil, "still running 1.5 s after Ctrl-C: \(setup.living())")
    }
}
