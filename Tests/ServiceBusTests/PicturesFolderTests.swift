import Foundation
import ServiceBus
import Testing

/// The user's pictures folder, read from `user-dirs.dirs` as xdg-user-dirs writes it.
@Suite("the pictures folder from user-dirs.dirs")
struct PicturesFolderTests {
    let home = URL(fileURLWithPath: "/home/ann", isDirectory: true)

    @Test("$HOME/… and absolute paths are read; comments, relative paths and the home folder itself are not")
    func lines() {
        let file = """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_PICTURES_DIR="$HOME/Bilder"
            """
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: file, home: home)?.path == "/home/ann/Bilder")
        let absolute = #"XDG_PICTURES_DIR="/srv/photos/ann""#
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: absolute, home: home)?.path == "/srv/photos/ann")
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: #"# XDG_PICTURES_DIR="/x""#, home: home) == nil)
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR="Pics""#, home: home) == nil)
        // xdg-user-dirs disables a folder by setting it to the home folder.
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR="$HOME/""#, home: home) == nil)
        #expect(UserFolders.folder(named: "XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR="$HOME""#, home: home) == nil)
    }

    @Test(
        "a folder variable that was not UTF-8 (U+FFFD in its place) counts as unset: nothing is made in a mangled folder"
    )
    func mangledVariables() {
        let environment = ["HOME": "/home/ann", "XDG_CACHE_HOME": "/tmp/cache-\u{FFFD}"]
        #expect(
            UserFolders.base("XDG_CACHE_HOME", orInHome: ".cache", environment: environment).path == "/home/ann/.cache")
        let mangledHome = ["HOME": "/home/\u{FFFD}nn"]
        #expect(UserFolders.home(mangledHome) == FileManager.default.homeDirectoryForCurrentUser)
        #expect(
            !UserFolders.base("XDG_DATA_HOME", orInHome: ".local/share", environment: mangledHome).path.contains(
                "\u{FFFD}"))
    }

    @Test("the folder named in user-dirs.dirs, else ~/Pictures, and only when it is a folder")
    func choice() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vf-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("conf").path]
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        #expect(UserFolders.pictures(environment: environment) == nil)  // no ~/Pictures
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        #expect(UserFolders.pictures(environment: environment)?.lastPathComponent == "Pictures")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("conf"), withIntermediateDirectories: true)
        try Data(#"XDG_PICTURES_DIR="$HOME/Fotos""#.utf8).write(
            to: root.appendingPathComponent("conf/user-dirs.dirs"))
        #expect(UserFolders.pictures(environment: environment) == nil)  // named, not there: not ~/Pictures
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Fotos"), withIntermediateDirectories: true)
        #expect(UserFolders.pictures(environment: environment)?.lastPathComponent == "Fotos")
    }

    @Test("a FIFO or a folder in user-dirs.dirs' place is not read (opening a FIFO once hung every command)")
    func notARegularFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vf-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let conf = root.appendingPathComponent("conf")
        try FileManager.default.createDirectory(at: conf, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        let environment = ["HOME": root.path, "XDG_CONFIG_HOME": conf.path]
        #expect(mkfifo(conf.appendingPathComponent("user-dirs.dirs").path, 0o600) == 0)
        #expect(UserFolders.pictures(environment: environment)?.lastPathComponent == "Pictures")
        try FileManager.default.removeItem(at: conf.appendingPathComponent("user-dirs.dirs"))
        try FileManager.default.createDirectory(
            at: conf.appendingPathComponent("user-dirs.dirs"), withIntermediateDirectories: true)
        #expect(UserFolders.pictures(environment: environment)?.lastPathComponent == "Pictures")
    }
}
