import Foundation
import Mustache
import ProviderKit

/// The page template (with its cell and chip, each written once), style sheet and script,
/// read once from the module's resources.
package struct PageResources: Sendable {
    /// `page`, and the partials it includes: `cell` and `chip`.
    package let templates: MustacheLibrary
    package let css: String
    package let script: String

    /// Why the resources could not be read (a broken install).
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads the resources shipped with the module from the first of ``searchedFolders()`` that
    /// holds them, and nowhere else: no path of the machine that built it (whoever could write
    /// there would choose the page's script). Not `Bundle.module`, which ends the process when the
    /// bundle is missing (a copied binary); missing files are an error naming every folder tried.
    package static func load() throws(Missing) -> PageResources {
        try load(from: searchedFolders())
    }

    /// The folders where the resources may be, in the order they are tried:
    /// `Viewfinder_WebView.resources` in the main bundle's folder or beside the binary (where
    /// `swift build` puts it), then `../share/viewfinder/web` from the binary's folder (where
    /// `make install` puts them).
    static func searchedFolders() -> [URL] {
        ResourceFolders.searched(bundle: "Viewfinder_WebView", installedSubfolder: "web")
    }

    /// Reads the resources from the first of `folders` that holds the page template.
    static func load(from folders: [URL]) throws(Missing) -> PageResources {
        guard
            let folder = folders.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("page.mustache").path)
            })
        else {
            throw Missing(
                description:
                    "the web view's files are missing: no page.mustache in "
                    + folders.map(\.path).joinedText(separator: " or ")
                    + "; " + ResourceFolders.advice(bundle: "Viewfinder_WebView")
            )
        }
        func text(_ name: String, _ ext: String) throws(Missing) -> String {
            let url = folder.appendingPathComponent("\(name).\(ext)")
            switch SmallFile.read(url.path, limit: 1 << 20) {
            case .success(let data): return String(decoding: data, as: UTF8.self)
            case .failure(let failure):
                throw Missing(description: "the web view's \(url.path) cannot be read: \(failure)")
            }
        }
        var templates = MustacheLibrary()
        do {
            for name in ["page", "cell", "chip"] {
                try templates.register(try text(name, "mustache"), named: name)
            }
            return PageResources(
                templates: templates, css: try text("viewfinder", "css"), script: try text("viewfinder", "js"))
        } catch let missing as Missing {
            throw missing
        } catch {
            throw Missing(description: "the web view's page template does not parse: \(error)")
        }
    }

    /// The page for `model`; every `{{value}}` is HTML-escaped by the engine.
    package func render(_ model: GalleryPage) -> String {
        templates.render(model, withTemplate: "page") ?? ""
    }
}
