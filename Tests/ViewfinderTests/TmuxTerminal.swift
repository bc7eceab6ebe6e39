import Foundation
import ProviderKit
import Testing

/// A real terminal for `browse`'s tests: a tmux server of its own (its socket in the test's
/// folder) running a shell with `LANG=C.UTF-8`, driven with `send-keys` and read with `capture-pane`.
struct TmuxTerminal {
    let folder: URL
    private var socket: String { folder.appendingPathComponent("tmux.sock").path }

    /// Starts a `columns` × `rows` terminal running `sh` in `folder`, with `environment` over a clean one.
    init(in folder: URL, columns: Int = 120, rows: Int = 30, environment: [String: String] = [:]) async throws {
        self.folder = folder
        let base = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TERM": "tmux-256color",
            "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "PS1": "$ ",
        ]
        let variables = base.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }.sorted()
        // The server forks from this command and keeps every descriptor it inherits: through
        // Foundation's Process (which learns of an exit from a socket the child holds) the start
        // would never end, so it is started with posix_spawn and waited for with waitpid, its
        // streams on /dev/null. Not system(3): that ignores SIGINT and SIGQUIT in this whole
        // process while it waits, and a viewfinder another test started meanwhile inherited
        // SIGINT ignored, kept it so (as under nohup), and never answered that test's Ctrl-C.
        // What else this process has open (another test's pipe, or a script it is writing,
        // which would then fail to run with ETXTBSY for as long as the server lives) is closed
        // by bash before tmux runs.
        let closeInherited =
            #"for f in /proc/$$/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@""#
        let command =
            ["/bin/bash", "-c", closeInherited, "bash"]
            + [
                "/usr/bin/tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y",
                "\(rows)",
            ]
            + ["-s", "main", "-c", folder.path, "env", "-i"] + variables + ["sh"]
        #expect(await Self.spawnAndWait(command) == 0, "tmux did not start")
        try await run(["set-option", "-g", "set-clipboard", "on"])
        try await run(["set-option", "-g", "window-size", "manual"])
    }

    /// Runs `arguments` (a program's path first) with its streams on /dev/null and every
    /// signal at its default, unblocked, and waits for it on a thread of the blocking executor
    /// (never one of Swift's pool); its wait status, or -1 when it could not start or be waited
    /// for.
    static func spawnAndWait(_ arguments: [String]) async -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for stream: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, stream, "/dev/null", stream == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ) == 0 else { return -1 }
        let child = pid
        let status = try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in
            var status: Int32 = 0
            var waited: pid_t
            repeat { waited = waitpid(child, &status, 0) } while waited < 0 && errno == EINTR
            return waited == child ? status : -1
        }
        return status ?? -1
    }

    /// Runs `tmux` on this terminal's server with `arguments`; its standard output.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-S", socket] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.continuation.finish() }
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        for await _ in ended.stream {}
        return String(decoding: data, as: UTF8.self)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await run(["send-keys", "-t", "main", "-l", text])
    }

    /// Presses keys by tmux's names (`Enter`, `Down`, `C-c`, `Escape`, `q`…).
    func press(_ keys: String...) async throws {
        try await run(["send-keys", "-t", "main"] + keys)
    }

    /// The screen as text, one line per row.
    func screen() async throws -> String {
        try await run(["capture-pane", "-p", "-t", "main"])
    }

    /// The screen with its colours and attributes as escape sequences (for the PNG), each cell's
    /// as a change from the cell before it, across lines; with `keepingTrailingSpaces`, also the
    /// spaces at the ends of lines (a picture's last cells may be spaces with a colour behind).
    func styledScreen(keepingTrailingSpaces: Bool = false) async throws -> String {
        try await run(["capture-pane", "-p", "-e"] + (keepingTrailingSpaces ? ["-N"] : []) + ["-t", "main"])
    }

    /// Waits until the screen shows `text` (up to 20 s) and returns it; fails the test with the
    /// screen as it was when it never did.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitUntil(sourceLocation: sourceLocation, "the screen to show \(text)") { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen (up to 20 s).
    @discardableResult
    func waitUntil(
        sourceLocation: SourceLocation = #_sourceLocation, _ what: String, _ condition: (String) -> Bool
    ) async throws -> String {
        var last = ""
        for _ in 0..<200 {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what); the screen:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// Resizes the terminal.
    func resize(columns: Int, rows: Int) async throws {
        try await run(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Saves the screen as `name.txt` and `name.png` (scripts/render-capture.py) in
    /// `$VIEWFINDER_CAPTURES` when set, else in the test's folder.
    func save(_ name: String) async throws {
        let folder =
            ProcessInfo.processInfo.environment["VIEWFINDER_CAPTURES"].map { URL(fileURLWithPath: $0) } ?? self.folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try await screen().utf8).write(to: folder.appendingPathComponent("\(name).txt"))
        let styled = folder.appendingPathComponent("\(name).ansi")
        try Data(try await styledScreen(keepingTrailingSpaces: true).utf8).write(to: styled)
        let render = Process()
        render.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        render.arguments = [
            TmuxTerminal.repository.appendingPathComponent("scripts/render-capture.py").path, styled.path,
            folder.appendingPathComponent("\(name).png").path,
        ]
        let ended = AsyncStream<Void>.makeStream()
        render.terminationHandler = { _ in ended.continuation.finish() }
        try render.run()
        for await _ in ended.stream {}
        #expect(render.terminationStatus == 0, "render-capture.py failed for \(name)")
    }

    /// Ends the tmux server and every process in it.
    func stop() async {
        _ = try? await run(["kill-server"])
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
