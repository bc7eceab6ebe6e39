import Foundation
import ServiceBus
import Testing

@Suite("Finding the configuration file")
struct ConfigurationLocatorTests {
    let here = URL(fileURLWithPath: "/work")

    func locate(_ explicit: String?, _ environment: [String: String], existing: Set<String>)
        -> ConfigurationLocator.Outcome
    {
        ConfigurationLocator.locate(
            explicitPath: explicit, environment: environment, currentDirectory: here, fileExists: existing.contains)
    }

    @Test("--config wins, then $VIEWFINDER_CONFIG, then ./config.yaml, then the XDG folder")
    func order() {
        let all: Set = ["/work/a.yaml", "/env/b.yaml", "/work/config.yaml", "/xdg/viewfinder/config.yaml"]
        let environment = ["VIEWFINDER_CONFIG": "/env/b.yaml", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"]
        #expect(locate("a.yaml", environment, existing: all) == .found(URL(fileURLWithPath: "/work/a.yaml")))
        #expect(locate(nil, environment, existing: all) == .found(URL(fileURLWithPath: "/env/b.yaml")))
        #expect(
            locate(nil, ["XDG_CONFIG_HOME": "/xdg"], existing: all) == .found(URL(fileURLWithPath: "/work/config.yaml"))
        )
        #expect(
            locate(nil, ["XDG_CONFIG_HOME": "/xdg"], existing: ["/xdg/viewfinder/config.yaml"])
                == .found(URL(fileURLWithPath: "/xdg/viewfinder/config.yaml")))
        #expect(
            locate(nil, ["HOME": "/home/u"], existing: ["/home/u/.config/viewfinder/config.yaml"])
                == .found(URL(fileURLWithPath: "/home/u/.config/viewfinder/config.yaml")))
    }

    @Test("`exists` answers as FileManager's fileExists: a file, a folder, a link to either, a dangling link, nothing")
    func existsAsFileManager() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-exists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.yaml")
        try Data("providers: {}\n".utf8).write(to: file)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("to-file"), withDestinationURL: file)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("to-folder"), withDestinationURL: folder)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("dangling"), withDestinationURL: folder.appendingPathComponent("gone"))
        for name in ["config.yaml", "", "to-file", "to-folder", "dangling", "gone", "config.yaml/x", "to-file/"] {
            let path = folder.path + "/" + name
            #expect(ConfigurationLocator.exists(path) == FileManager.default.fileExists(atPath: path), "\(name)")
        }
        #expect(ConfigurationLocator.exists(file.path))
        #expect(!ConfigurationLocator.exists(folder.appendingPathComponent("dangling").path))
    }

    @Test("a path starting with ~ is in the home folder, and one with ~ elsewhere is as written")
    func tilde() {
        let home = NSString(string: "~").expandingTildeInPath
        #expect(
            locate("~/a.yaml", [:], existing: [home + "/a.yaml"]) == .found(URL(fileURLWithPath: home + "/a.yaml")))
        #expect(locate("a~b.yaml", [:], existing: ["/work/a~b.yaml"]) == .found(URL(fileURLWithPath: "/work/a~b.yaml")))
    }

    @Test("a relative $XDG_CONFIG_HOME is ignored, as the XDG specification asks, for $HOME/.config")
    func relativeConfigHome() {
        let existing: Set = ["/work/xdg/viewfinder/config.yaml", "/home/u/.config/viewfinder/config.yaml"]
        #expect(
            locate(nil, ["XDG_CONFIG_HOME": "xdg", "HOME": "/home/u"], existing: existing)
                == .found(URL(fileURLWithPath: "/home/u/.config/viewfinder/config.yaml")))
    }

    @Test("a file named explicitly but missing is reported, never replaced by another")
    func explicitMissing() {
        #expect(
            locate("nope.yaml", [:], existing: ["/work/config.yaml"])
                == .missing(path: "nope.yaml", namedBy: "--config"))
        #expect(
            locate(nil, ["VIEWFINDER_CONFIG": "/x.yaml"], existing: ["/work/config.yaml"])
                == .missing(path: "/x.yaml", namedBy: "VIEWFINDER_CONFIG"))
    }

    @Test("when nothing exists, every searched place is listed")
    func nothing() {
        #expect(
            locate(nil, ["HOME": "/home/u"], existing: [])
                == .notFound(searched: ["/work/config.yaml", "/home/u/.config/viewfinder/config.yaml"]))
    }
}
