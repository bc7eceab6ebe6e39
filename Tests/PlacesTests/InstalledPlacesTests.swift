import Foundation
import ProviderKit
import Testing

@testable import Places

/// The place names are found in an installed layout (`PREFIX/bin/viewfinder` reading
/// `PREFIX/share/viewfinder/places.bin`) as well as beside a binary `swift build` made.
@Suite struct InstalledPlacesTests {
    let prefix: URL

    init() throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("vf-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }

    /// The folders an executable at `PREFIX/bin/viewfinder` would search.
    func folders() -> [URL] {
        ResourceFolders.searched(
            bundle: "Viewfinder_Places", installedSubfolder: nil, mainBundle: prefix.appendingPathComponent("bin"),
            executable: prefix.appendingPathComponent("bin/viewfinder"))
    }

    @Test("the running binary also searches ../share/viewfinder from its folder, last")
    func runningBinarySearchesShare() throws {
        let executable = try #require(Bundle.main.executableURL).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent()
            .appendingPathComponent("../share/viewfinder").standardizedFileURL
        #expect(Gazetteer.searchedFolders().last == installed)
    }

    @Test("PREFIX/bin/viewfinder opens PREFIX/share/viewfinder/places.bin")
    func installedLayoutOpens() throws {
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/viewfinder")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: try Gazetteer.shared().path), to: share.appendingPathComponent("places.bin"))
        let gazetteer = try Gazetteer.open(searching: folders())
        #expect(gazetteer.path == share.appendingPathComponent("places.bin").path)
        #expect(gazetteer.names(at: GeoLocation(latitude: 38.7223, longitude: -9.1393))?.country == "Portugal")
    }

    @Test("with no file anywhere, the error names every path searched and how to reinstall")
    func missingEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: prefix) }
        #expect {
            try Gazetteer.open(searching: folders())
        } throws: { error in
            let text = "\(error)"
            return folders().allSatisfy { text.contains($0.appendingPathComponent("places.bin").path) }
                && text.contains("make install")
        }
    }
}
