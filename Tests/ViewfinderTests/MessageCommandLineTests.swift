import Foundation
import Testing

/// Messages a person can act on: what happened, to what, and what to do, in the user's terms
/// (no Foundation error domains, no library type names, nothing said twice).
@Suite("messages a person can act on", .serialized)
struct MessageCommandLineTests {
    @Test("config check reports every problem of every instance, each at its line and column, a duplicate key too")
    func configCheckEveryProblem() async throws {
        let workspace = try Workspace(
            config: """
                providers:
                  local:
                    type: local-folder
                    recursive: maybe
                  plugin:
                    type: exec
                    command: []
                  other:
                    type: local-folder
                    path: photos
                    path: elsewhere
                """)
        defer { workspace.remove() }
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        // A duplicate key hides nothing else: the rest of the file is read without it.
        #expect(
            check.stderr == """
                viewfinder: error: invalid configuration
                config.yaml:2:3: provider `local` needs `path`
                config.yaml:4:16: `recursive` of provider `local` must be true or false, not `maybe`
                config.yaml:7:14: `command` of provider `plugin`: must name the program to run and its arguments, e.g. [./plugins/search.py, --fast]
                config.yaml:11:5: duplicate key `path` in one mapping (first at line 10); each provider name and key may appear only once

                """)
        try Data(
            """
            providers:
              local:
                type: local-folder
                recursive: maybe
              plugin:
                type: exec
                command: []

            """.utf8
        ).write(to: workspace.url.appendingPathComponent("config.yaml"))
        let again = try await workspace.run(["config", "check"])
        #expect(again.status == 78)
        #expect(
            again.stderr == """
                viewfinder: error: invalid configuration
                config.yaml:2:3: provider `local` needs `path`
                config.yaml:4:16: `recursive` of provider `local` must be true or false, not `maybe`
                config.yaml:7:14: `command` of provider `plugin`: must name the program to run and its arguments, e.g. [./plugins/search.py, --fast]

                """)
    }

    @Test("a plugin option of .inf is reported once, in one wording")
    func infinityReportedOnce() async throws {
        let workspace = try Workspace(
            config: "providers:\n  p:\n    type: exec\n    command: [\"/bin/true\"]\n    ratio: .inf\n")
        defer { workspace.remove() }
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        let lines = check.stderr.split(separator: "\n").filter { $0.contains(".inf") }
        #expect(
            lines == [
                "config.yaml:5:12: `ratio` of provider `p`: `.inf` is not a finite number, which JSON cannot carry; write a finite number, or quote it to pass it as text"
            ], "\(check.stderr)")
    }

    @Test("a folder, a FIFO or /dev/zero as the configuration says what it is, not a Foundation error")
    func configurationNotAFile() async throws {
        let workspace = try Workspace(config: "providers: {}\n")
        defer { workspace.remove() }
        let fifo = workspace.url.appendingPathComponent("fifo.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = try await workspace.run(["search", "x", "--config", "photos"])
        #expect(folder.status == 78)
        #expect(folder.stderr.contains("photos: is a folder, not a configuration file"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("NSCocoaErrorDomain"))
        let pipe = try await workspace.run(["config", "check", "fifo.yaml"])
        #expect(pipe.status == 78)
        #expect(pipe.stderr.contains("fifo.yaml: is a FIFO (named pipe), not a regular file"), "\(pipe.stderr)")
        let zero = try await workspace.run(["config", "check", "/dev/zero"])
        #expect(zero.status == 78)
        #expect(zero.stderr.contains("/dev/zero: is a device, not a regular file"), "\(zero.stderr)")
        #expect(!zero.stderr.contains("permission"))
    }

    @Test(
        "config check names what a search would meet: a folder not there, a file as the folder, plugins that cannot run"
    )
    func configCheckMachineProblems() async throws {
        let workspace = try Workspace(
            config: """
                providers:
                  gone:
                    type: local-folder
                    path: nowhere
                  file:
                    type: local-folder
                    path: config.yaml
                  missing:
                    type: exec
                    command: [./plugins/search.py]
                  unknown:
                    type: exec
                    command: [no-such-program-anywhere, --fast]
                  elsewhere:
                    type: exec
                    command: [own-path-plugin]
                    env: {PATH: bin}
                  script:
                    type: exec
                    command: [bin/own-path-plugin]
                  stopped:
                    type: local-folder
                    path: also-nowhere
                    enabled: false
                  fine:
                    type: local-folder
                    path: photos
                  shell:
                    type: exec
                    command: [sh, -c, "true"]
                """)
        defer { workspace.remove() }
        // A plugin found only through its own `env: PATH`: the program is looked up in Viewfinder's
        // PATH when it starts (posix_spawnp), so it would not run, and the check says so.
        let plugin = workspace.url.appendingPathComponent("bin/own-path-plugin")
        try FileManager.default.createDirectory(
            at: plugin.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ExecutableScript.write("#!/nonexistent/python3 -u\n", to: plugin)
        let check = try await workspace.run(["config", "check"])
        #expect(check.status == 78)
        let folder = workspace.url.standardizedFileURL.path
        // A search meets the same: the script is there, its interpreter is not.
        let search = try await workspace.run(["search", "x", "--provider", "script"])
        #expect(
            search.stderr.contains(
                "cannot run `\(folder)/bin/own-path-plugin`: it names `/nonexistent/python3` on its #! line"),
            "\(search.stderr)")
        #expect(
            check.stderr == """
                viewfinder: error: providers that cannot run as configured
                config.yaml:4:11: provider `gone`: folder \(folder)/nowhere does not exist; check `path` in the configuration
                config.yaml:7:11: provider `file`: \(folder)/config.yaml is a file, not a folder; set `path` to a folder of photos
                config.yaml:10:14: provider `missing`: `\(folder)/plugins/search.py` does not exist; check `command`
                config.yaml:13:14: provider `unknown`: no program `no-such-program-anywhere` in PATH; give its path, \
                or install it
                config.yaml:16:14: provider `elsewhere`: no program `own-path-plugin` in PATH; give its path, \
                or install it
                config.yaml:20:14: provider `script`: `\(folder)/bin/own-path-plugin` names `/nonexistent/python3` on \
                its #! line, which cannot be run; check `command`

                """, "\(check.stderr)")
        try Data("providers:\n  fine:\n    type: local-folder\n    path: photos\n".utf8)
            .write(to: workspace.url.appendingPathComponent("config.yaml"))
        let fixed = try await workspace.run(["config", "check"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }

    @Test(
        "config check lists the instances a search would skip, fails when none could run, and names a path's variable")
    func configCheckSkippedAndVariables() async throws {
        let workspace = try Workspace(
            config: """
                providers:
                  fine:
                    type: local-folder
                    path: photos
                  later:
                    type: local-folder
                    path: ${VF_TEST_UNSET_PHOTOS}
                """)
        defer { workspace.remove() }
        let some = try await workspace.run(["config", "check"])
        #expect(some.status == 0, "\(some.stderr)")
        #expect(
            some.stdout == """
                config.yaml: OK, 2 providers (fine, later)
                  – later skipped: path is empty; set $VF_TEST_UNSET_PHOTOS to enable it

                """)
        try Data("providers:\n  later:\n    type: local-folder\n    path: ${VF_TEST_UNSET_PHOTOS}\n".utf8)
            .write(to: workspace.url.appendingPathComponent("config.yaml"))
        let none = try await workspace.run(["config", "check"])
        #expect(none.status == 78)
        #expect(none.stderr.hasPrefix("viewfinder: error: no provider can run as configured\n  – later skipped:"))
        try Data("providers:\n  later:\n    type: local-folder\n    path: ${VF_TEST_UNSET_PHOTOS}/x\n".utf8)
            .write(to: workspace.url.appendingPathComponent("config.yaml"))
        let made = try await workspace.run(["config", "check"])
        #expect(made.status == 78)
        #expect(
            made.stderr.contains(
                "folder /x does not exist; check `path` in the configuration (`path` is made from $VF_TEST_UNSET_PHOTOS)"
            ), "\(made.stderr)")
    }

    @Test(
        "config check of a missing file does not blame --config; a negative or absurd number is out of range, not missing"
    )
    func argumentMessages() async throws {
        let workspace = try Workspace(config: "providers:\n  p:\n    type: local-folder\n    path: photos\n")
        defer { workspace.remove() }
        let missing = try await workspace.run(["config", "check", "/nonexistent/x.yaml"])
        #expect(missing.status == 78)
        #expect(missing.stderr == "viewfinder: error: no configuration file at /nonexistent/x.yaml\n")
        let limit = try await workspace.run(["search", "x", "--limit", "-1"])
        #expect(limit.status == 64)
        #expect(limit.stderr.contains("--limit as a whole number from 1 to 10000"), "\(limit.stderr)")
        #expect(!limit.stderr.contains("Missing value"))
        // Every wrong number gets the message naming the range, and a negative one is never "missing".
        let cases: [([String], String)] = [
            (["--limit", "99999999999999999999"], "--limit as a whole number from 1 to 10000"),
            (["--limit", ""], "--limit as a whole number from 1 to 10000"),
            (["--timeout", "-1s"], "--timeout '-1s' is not a duration: give a number with a unit from 1ms to 24h"),
            (["--min-width", "-5"], "--min-width '-5' is not a whole number of pixels"),
            (["--parallel", "-2"], "--parallel as a whole number from 1 to 64"),
            (["--per-host", "many"], "--per-host as a whole number from 1 to 64"),
        ]
        for (arguments, message) in cases {
            let output = try await workspace.run(["search", "x"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            #expect(!output.stderr.contains("Missing value") && !output.stderr.contains("is invalid for"))
        }
        for port in ["x", "-1", "65536"] {
            let serve = try await workspace.run(["serve", "--port", port])
            #expect(serve.status == 64)
            #expect(serve.stderr.contains("Please give --port as a whole number from 0 to 65535."), "\(serve.stderr)")
        }
    }

    @Test("inspect on a FIFO or a device says it is not a regular file, not that it is empty")
    func inspectNotAFile() async throws {
        let workspace = try Workspace(config: "providers: {}\n")
        defer { workspace.remove() }
        let fifo = workspace.url.appendingPathComponent("pipe.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let output = try await workspace.run(["inspect", "pipe.jpg", "/dev/urandom"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("is a FIFO (named pipe), not a regular file; name an image file"))
        #expect(output.stdout.contains("is a device, not a regular file; name an image file"))
        #expect(!output.stdout.contains("empty"))
    }

    @Test("a disabled instance and a failing one are each named once, with the reason said once")
    func nothingSaidTwice() async throws {
        let workspace = try Workspace(
            config: """
                providers:
                  off:
                    type: local-folder
                    path: photos
                    enabled: false
                  f:
                    type: exec
                    command: [./missing-plugin]
                """)
        defer { workspace.remove() }
        let providers = try await workspace.run(["providers"])
        #expect(providers.stdout.contains("disabled: `enabled: false` in config.yaml"), "\(providers.stdout)")
        #expect(!providers.stdout.contains("disabled: disabled"))
        let search = try await workspace.run(["search", "x"])
        #expect(search.stderr.contains("✗ f failed: "), "\(search.stderr)")
        #expect(!search.stderr.contains("f failed: f:"), "\(search.stderr)")
    }

    @Test("a plugin environment larger than the system allows points at `env`, not `command`")
    func argumentListTooLong() async throws {
        let big = String(repeating: "x", count: 200_000)
        let workspace = try Workspace(
            config: "providers:\n  p:\n    type: exec\n    command: [/bin/true]\n    env: {BIG: \(big)}\n")
        defer { workspace.remove() }
        let search = try await workspace.run(["search", "x"])
        #expect(
            search.stderr.contains("the environment variable `BIG` (195 KiB); shorten it in `env`"), "\(search.stderr)")
        #expect(!search.stderr.contains("check `command`"))
    }

    @Test(
        "a cache folder the index cannot be written to is said once in --verbose, on the provider's status line and in JSON"
    )
    func indexOff() async throws {
        let workspace = try Workspace(config: "providers:\n  p:\n    type: local-folder\n    path: photos\n")
        defer { workspace.remove() }
        try workspace.addSample("harbor-crane-fog.jpg", as: "harbor-crane-fog.jpg")
        let notAFolder = workspace.url.appendingPathComponent("cache-file")
        try Data("x".utf8).write(to: notAFolder)
        let environment = ["XDG_CACHE_HOME": notAFolder.path]
        let output = try await workspace.run(["search", "fog", "--verbose"], environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        let notes = output.stderr.components(separatedBy: "the index is off: cannot create the folder ")
        #expect(notes.count == 2, "\(output.stderr)")
        #expect(output.stderr.contains("Not a directory"), "\(output.stderr)")
        // Without --verbose, the provider's status line says it.
        let table = try await workspace.run(["search", "fog"], environment: environment)
        let line = try #require(table.stderr.split(separator: "\n").first { $0.contains(" p ok: ") }, "\(table.stderr)")
        #expect(line.contains(" · index off: cannot create the folder \(notAFolder.path)/viewfinder"), "\(line)")
        #expect(line.hasSuffix(": Not a directory; every search reads every file"), "\(line)")
        let json = try await workspace.run(["search", "fog", "--format", "json"], environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let provider = try #require((object?["providers"] as? [[String: Any]])?.first)
        #expect((provider["note"] as? String)?.hasPrefix("index off: cannot create the folder ") == true)
        // Without a problem there is no note at all.
        let fine = try await workspace.run(["search", "fog", "--format", "json"])
        #expect(!fine.stdout.contains("\"note\""), "\(fine.stdout)")
        #expect(!fine.stderr.contains("index off"), "\(fine.stderr)")
    }
}
