import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import Places

/// The place names are found in an installed layout (`PREFIX/bin/viewfinder` reading
/// `PREFIX/share/viewfinder/places.bin`) as well as beside a binary `swift build` made.
@Suite struct InstalledPlacesTests {
    let prefix: InstalledPrefix

    init() throws { prefix = try InstalledPrefix() }

    /// The folders an executable at `PREFIX/bin/viewfinder` would search.
    func folders() -> [URL] { prefix.folders(bundle: "Viewfinder_Places", installedSubfolder: nil) }

    @Test("the running binary also searches ../share/viewfinder from its folder, last")
    func runningBinarySearchesShare() throws {
        let executable = try #require(Bundle.main.executableURL).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent()
            .appendingPathComponent("../share/viewfinder").standardizedFileURL
        #expect(Gazetteer.searchedFolders().last == installed)
    }

    @Test("PREFIX/bin/viewfinder opens PREFIX/share/viewfinder/places.bin")
    func installedLayoutOpens() throws {
        defer { prefix.remove() }
        let share = try prefix.share()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: try Gazetteer.shared().path), to: share.appendingPathComponent("places.bin"))
        let gazetteer = try Gazetteer.open(searching: folders())
        #expect(gazetteer.path == share.appendingPathComponent("places.bin").path)
        #expect(gazetteer.names(at: GeoLocation(latitude: 38.7223, longitude: -9.1393))?.country == "Portugal")
    }

    @Test("with no file anywhere, the error names every path searched and how to reinstall")
    func missingEverywhere() throws {
        defer { prefix.remove() }
        #expect {
            try Gazetteer.open(searching: folders())
        } throws: { error in
            let text = "\(error)"
            return folders().allSatisfy { text.contains($0.appendingPathComponent("places.bin").path) }
                && text.contains("make install")
        }
    }
}
