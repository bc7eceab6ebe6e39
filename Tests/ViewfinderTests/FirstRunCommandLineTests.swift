import Foundation
import Testing

/// A first run anywhere: the built-in default when no configuration file is found, `config init`
/// and `config path`, and `--folder`.
@Suite("first run: built-in default, config init and path, --folder", .serialized)
struct FirstRunCommandLineTests {
    /// An empty temporary folder, the home folder of the runs in it.
    struct Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-first-\(UUID().uuidString)")

        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

        func folder(_ relative: String) throws -> URL {
            let folder = url.appendingPathComponent(relative, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        /// Runs with no configuration anywhere: not here, no `$VIEWFINDER_CONFIG`, and no
        /// `$XDG_CONFIG_HOME` (so `~/.config` is looked in, and is empty).
        func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ViewfinderProcess.Output {
            try await ViewfinderProcess.run(
                arguments, in: url, environment: environment,
                removing: Set(["XDG_CONFIG_HOME", "VIEWFINDER_CONFIG"]).subtracting(environment.keys))
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// The instances `providers --json` lists, as name → (status, reason).
    static func instances(_ output: ViewfinderProcess.Output) throws -> [String: (String, String?)] {
        let entries = try #require(output.json()["instances"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: entries.map {
                ($0["name"] as? String ?? "", ($0["status"] as? String ?? "", $0["reason"] as? String))
            })
    }

    @Test(
        "with no file anywhere and XDG_CONFIG_HOME unset, the built-in default runs: keyless sites, keyed ones skipped")
    func builtInDefault() async throws {
        let home = try Home()
        defer { home.remove() }
        let listed = try await home.run(["providers", "--json"])
        #expect(listed.status == 0, "stderr: \(listed.stderr)")
        #expect(listed.stderr.isEmpty)  // the note is for a terminal only
        let instances = try Self.instances(listed)
        #expect(instances["openverse"]?.0 == "ready")
        #expect(instances["commons"]?.0 == "ready")
        #expect(instances["pictures"] == nil)  // no ~/Pictures
        for (name, variable) in [
            ("unsplash", "UNSPLASH_ACCESS_KEY"), ("pexels", "PEXELS_API_KEY"), ("pixabay", "PIXABAY_API_KEY"),
            ("flickr", "FLICKR_API_KEY"), ("500px", "FIVEHUNDREDPX_CONSUMER_KEY"),
        ] {
            #expect(instances[name]?.0 == "skipped")
            #expect(
                instances[name]?.1?.contains("$" + variable) == true, "\(name): \(String(describing: instances[name]))")
        }
        let text = try await home.run(["providers"])
        #expect(text.stdout.hasPrefix("Providers in built-in default:\n"))
        let checked = try await home.run(["config", "check"])
        #expect(checked.status == 0, "stderr: \(checked.stderr)")
        #expect(checked.stdout.hasPrefix("built-in default: OK, 7 providers"))
    }

    @Test("on a terminal, one line on standard error says the built-in default is in use, once")
    func noteOnTerminal() async throws {
        let home = try Home()
        defer { home.remove() }
        // `script` runs the command on a pseudo-terminal and copies what it wrote to its output.
        let command = "'\(ViewfinderProcess.binary.path)' search harbor --provider commons --offline"
        let output = try await ViewfinderProcess.run(
            [], in: home.url, removing: ["XDG_CONFIG_HOME", "VIEWFINDER_CONFIG"],
            launcher: ["/usr/bin/script", "-qefc", command, "/dev/null"])
        let note =
            "viewfinder: no configuration file found; using the built-in default "
            + "(`viewfinder config init` writes it to a file of your own)"
        #expect(output.stdout.components(separatedBy: note).count == 2, "\(output.stdout)")
    }

    @Test("an empty ~/Pictures is in the default and searched; user-dirs.dirs names another folder")
    func picturesFolder() async throws {
        let home = try Home()
        defer { home.remove() }
        _ = try home.folder("Pictures")
        let listed = try Self.instances(try await home.run(["providers", "--json"]))
        #expect(listed["pictures"]?.0 == "ready")
        let search = try await home.run(["search", "harbor", "--provider", "pictures", "--format", "json"])
        #expect(search.status == 0, "stderr: \(search.stderr)")
        #expect((try search.json()["results"] as? [Any])?.isEmpty == true)

        // As xdg-user-dirs writes it; the folder it names wins over ~/Pictures.
        let photos = try home.folder("Photos")
        try Data(#"XDG_PICTURES_DIR="$HOME/Photos""#.utf8).write(
            to: try home.folder(".config").appendingPathComponent("user-dirs.dirs"))
        let path = try await home.run(["config", "init", "--force"])
        #expect(path.status == 0, "stderr: \(path.stderr)")
        let written = try String(
            contentsOf: home.url.appendingPathComponent(".config/viewfinder/config.yaml"), encoding: .utf8)
        #expect(written.contains(#"path: "${HOME}/Photos""#))
        try FileManager.default.removeItem(at: photos)  // named but gone: no local folder at all
        try FileManager.default.removeItem(at: home.url.appendingPathComponent(".config/viewfinder"))
        let without = try Self.instances(try await home.run(["providers", "--json"]))
        #expect(without["pictures"] == nil)
    }

    @Test("config init writes a private file that passes config check, keys never in clear, and never overwrites")
    func configInit() async throws {
        let home = try Home()
        defer { home.remove() }
        _ = try home.folder("Pictures")
        let keys = ["UNSPLASH_ACCESS_KEY": "unsplash-secret-1", "FLICKR_API_KEY": "flickr-secret-2"]
        let first = try await home.run(["config", "init"], environment: keys)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let file = home.url.appendingPathComponent(".config/viewfinder/config.yaml")
        #expect(first.stdout.hasPrefix("wrote \(file.path)\n"))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("unsplash-secret-1") && !text.contains("flickr-secret-2"))
        #expect(text.contains("access_key: ${UNSPLASH_ACCESS_KEY}"))
        #expect(text.contains("# my-plugin:"))  // the exec example, commented out
        for type in [
            "local-folder", "openverse", "commons", "unsplash", "pexels", "pixabay", "flickr", "500px", "exec",
        ] {
            #expect(text.contains("type: \(type) "), "no \(type) in the file")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let checked = try await home.run(["config", "check"], environment: keys)
        #expect(checked.status == 0, "stderr: \(checked.stderr)")
        #expect(
            checked.stdout.hasPrefix(
                ".config/viewfinder/config.yaml: OK, 8 providers (pictures, openverse, commons, unsplash"))

        try Data("mine\n".utf8).write(to: file)
        let again = try await home.run(["config", "init"])
        #expect(again.status == 1)
        #expect(again.stderr == "viewfinder: error: \(file.path) already exists; pass --force to replace it\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
        let forced = try await home.run(["config", "init", "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) != "mine\n")

        let named = try await home.run(["config", "init", "elsewhere/my.yaml"])
        #expect(named.status == 0, "stderr: \(named.stderr)")
        #expect(try await home.run(["config", "check", "elsewhere/my.yaml"]).status == 0)
    }

    @Test("config init onto a folder, or below a file, says exactly that and leaves no folder behind")
    func configInitProblems() async throws {
        let home = try Home()
        defer { home.remove() }
        let folder = try home.folder("a-folder")
        for arguments in [["config", "init", "a-folder"], ["config", "init", "a-folder", "--force"]] {
            let output = try await home.run(arguments)
            #expect(output.status == 1)
            #expect(
                output.stderr
                    == "viewfinder: error: cannot write \(folder.path): it is a folder; name the file to write, "
                    + "such as \(folder.path)/config.yaml\n")
        }
        let file = home.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let below = try await home.run(["config", "init"], environment: ["XDG_CONFIG_HOME": file.path])
        #expect(below.status == 1)
        #expect(
            below.stderr
                == "viewfinder: error: cannot write \(file.path)/viewfinder/config.yaml: \(file.path) is not a folder\n"
        )
        let deep = try await home.run(["config", "init", "new/" + String(repeating: "d/", count: 2100) + "c.yaml"])
        #expect(deep.status == 1)
        #expect(deep.stderr.contains("(File name too long)"), "\(deep.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("new").path))
    }

    @Test("config path says which file is used and why")
    func configPath() async throws {
        let home = try Home()
        defer { home.remove() }
        let none = try await home.run(["config", "path"])
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("built-in default\n  no file at \(home.url.path)/config.yaml or "))
        #expect(none.stdout.contains("`viewfinder config init` writes one"))

        let xdg = try await home.run(["config", "init"])
        #expect(xdg.status == 0)
        let user = try await home.run(["config", "path"])
        #expect(
            user.stdout.hasPrefix("\(home.url.path)/.config/viewfinder/config.yaml\n  the user's configuration file"))

        try Data("providers: {}\n".utf8).write(to: home.url.appendingPathComponent("config.yaml"))
        let here = try await home.run(["config", "path"])
        #expect(here.stdout == "\(home.url.path)/config.yaml\n  config.yaml in the current folder\n")

        let variable = try await home.run(
            ["config", "path"], environment: ["VIEWFINDER_CONFIG": home.url.appendingPathComponent("config.yaml").path])
        #expect(variable.stdout.hasSuffix("\n  named by $VIEWFINDER_CONFIG\n"))

        let flag = try await home.run(["config", "path", "--config", "config.yaml"])
        #expect(flag.stdout == "\(home.url.path)/config.yaml\n  named by --config\n")
        let missing = try await home.run(["config", "path", "--config", "nope.yaml"])
        #expect(missing.status == 78)
        #expect(missing.stderr == "viewfinder: error: no configuration file at nope.yaml (named by --config)\n")
    }

    @Test("--folder searches a folder beside the configured providers, named after it; a missing one is a usage error")
    func adHocFolder() async throws {
        let workspace = try Workspace.withThreeSamples(
            config: "providers:\n  photos:\n    type: local-folder\n    path: photos\n")
        defer { workspace.remove() }
        let extra = workspace.url.appendingPathComponent("more/photos")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Workspace.samples.appendingPathComponent("harbor-crane-fog.jpg"),
            to: extra.appendingPathComponent("crane.jpg"))
        let output = try await workspace.run(
            ["search", "crane", "--folder", "more/photos", "--provider", "photos", "--format", "json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let json = try output.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        // "photos" is taken by the configured instance: the folder's instance is "photos-2".
        #expect(providers.map { $0["name"] as? String } == ["photos", "photos-2"])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.contains { $0["provider"] as? String == "photos-2" && $0["id"] as? String == "crane.jpg" })

        let missing = try await workspace.run(["search", "crane", "--folder", "no/such/place"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "viewfinder: error: --folder no/such/place: no such folder\n")
        #expect(mkfifo(workspace.url.appendingPathComponent("pipe").path, 0o600) == 0)
        let fifo = try await workspace.run(["search", "crane", "--folder", "pipe"])
        #expect(fifo.status == 64)
        #expect(
            fifo.stderr
                == "viewfinder: error: --folder pipe: is a FIFO (named pipe), not a folder; name a folder of photos\n")
    }
}
