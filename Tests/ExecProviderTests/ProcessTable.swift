import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What /proc says about processes: which are alive, in which group, and whether SIGKILL reached them.
enum ProcessTable {
    /// Pids of living (not zombie) processes whose command line contains `marker`.
    static func processes(containing marker: String) -> [Int32] {
        allPIDs().filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(marker) && state(of: pid).map { $0 != "Z" } == true
        }
    }

    /// Pids of living (not zombie) processes in process group `group`.
    static func livingMembers(ofGroup group: Int32) -> [Int32] {
        allPIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 2 else { return false }
            return fields[0] != "Z" && Int32(fields[2]) == group
        }
    }

    /// This process's children that have exited but were never reaped.
    static func zombieChildren() -> [Int32] {
        let me = getpid()
        return allPIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1 else { return false }
            return fields[0] == "Z" && Int32(fields[1]) == me
        }
    }

    /// Whether `pid` is gone, a zombie, or has SIGKILL pending: once `kill(…, SIGKILL)` returned,
    /// one of these holds until the process is gone.
    static func wasKilled(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        var pending: UInt64 = 0
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "State" && parts[1].hasPrefix("Z") { return true }
            if parts[0] == "SigPnd" || parts[0] == "ShdPnd" { pending |= UInt64(parts[1], radix: 16) ?? 0 }
        }
        return pending & (1 << (UInt64(SIGKILL) - 1)) != 0
    }

    /// Polls `condition` every 20 ms for up to `limit`.
    static func waitUntil(within limit: Duration = .seconds(10), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }

    private static func allPIDs() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
    }

    private static func state(of pid: Int32) -> String? { statFields(of: pid)?.first.map(String.init) }

    /// The fields of /proc/pid/stat after the command name: state, parent, group, …
    private static func statFields(of pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"), stat.index(close, offsetBy: 2) <= stat.endIndex
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
    }
}

/// The fixture plugins under Tests/Fixtures/plugins, and the examples.
enum Plugins {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalogue = repository.appendingPathComponent("Examples/plugins/public-domain-catalog.py").path
    static let broken = fixture("broken-plugin.py")
    static let backgroundChild = fixture("background-child.sh")
    static let neverReadsStdin = fixture("never-reads-stdin.sh")
    static let endlessOutput = fixture("endless-output.sh")

    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/Fixtures/plugins/\(name)").path
    }

    /// A marker for a test's processes, found in their command lines.
    static func marker() -> String { "vf-exec-\(UUID().uuidString)" }
}
