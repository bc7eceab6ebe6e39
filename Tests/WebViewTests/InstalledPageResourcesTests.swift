import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import WebView

/// The page's files are found in an installed layout (`PREFIX/bin/viewfinder` reading
/// `PREFIX/share/viewfinder/web`) as well as beside a binary `swift build` made, and nowhere else.
@Suite struct InstalledPageResourcesTests {
    let prefix: InstalledPrefix

    init() throws { prefix = try InstalledPrefix() }

    /// The folders an executable at `PREFIX/bin/viewfinder` would search.
    func folders() -> [URL] { prefix.folders(bundle: "Viewfinder_WebView", installedSubfolder: "web") }

    @Test("the running binary also searches ../share/viewfinder/web from its folder, last")
    func runningBinarySearchesShare() throws {
        let executable = try #require(Bundle.main.executableURL).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent()
            .appendingPathComponent("../share/viewfinder/web").standardizedFileURL
        #expect(PageResources.searchedFolders().last == installed)
    }

    @Test("PREFIX/bin/viewfinder reads the page from PREFIX/share/viewfinder/web, nothing from bin")
    func installedLayoutLoads() throws {
        defer { prefix.remove() }
        #expect(
            folders().map(\.path) == [
                prefix.url.appendingPathComponent("bin/Viewfinder_WebView.resources/Resources").path,
                prefix.url.appendingPathComponent("share/viewfinder/web").path,
            ])
        let built = try #require(
            PageResources.searchedFolders().first {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("page.mustache").path)
            })
        let share = try prefix.share()
        try FileManager.default.copyItem(at: built, to: share.appendingPathComponent("web"))
        let resources = try PageResources.load(from: folders())
        #expect(resources.css.contains("{"))
        #expect(!resources.script.isEmpty)
    }

    @Test("with no files anywhere, the error names every folder searched and how to reinstall")
    func missingEverywhere() throws {
        defer { prefix.remove() }
        #expect {
            try PageResources.load(from: folders())
        } throws: { error in
            let text = "\(error)"
            return folders().allSatisfy { text.contains($0.path) } && text.contains("make install")
        }
    }
}
