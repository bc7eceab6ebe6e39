import Foundation
import Mustache

/// The page template, style sheet and script, read once from the module's resources.
package struct PageResources: Sendable {
    package let template: MustacheTemplate
    package let css: String
    package let script: String

    /// Why the resources could not be read (a broken install).
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads the resources shipped with the module: `Viewfinder_WebView.resources` beside the
    /// binary (where `swift build` puts it), else the source tree's `Resources` folder. Not
    /// `Bundle.module`, which ends the process when the bundle is missing (a copied binary).
    package static func load() throws(Missing) -> PageResources {
        let executable = (Bundle.main.executableURL ?? Bundle.main.bundleURL).resolvingSymlinksInPath()
        let folders = [
            Bundle.main.bundleURL.appendingPathComponent("Viewfinder_WebView.resources/Resources"),
            executable.deletingLastPathComponent().appendingPathComponent("Viewfinder_WebView.resources/Resources"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources"),
        ]
        guard
            let folder = folders.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("page.mustache").path)
            })
        else {
            throw Missing(
                description:
                    "the web view's files are missing: keep the Viewfinder_WebView.resources folder beside the "
                    + "viewfinder binary (swift build puts it there)")
        }
        func text(_ name: String, _ ext: String) throws(Missing) -> String {
            let url = folder.appendingPathComponent("\(name).\(ext)")
            guard let data = try? Data(contentsOf: url) else {
                throw Missing(description: "the web view's \(url.path) cannot be read")
            }
            return String(decoding: data, as: UTF8.self)
        }
        let page = try text("page", "mustache")
        do {
            return PageResources(
                template: try MustacheTemplate(string: page), css: try text("viewfinder", "css"),
                script: try text("viewfinder", "js"))
        } catch let missing as Missing {
            throw missing
        } catch {
            throw Missing(description: "the web view's page template does not parse: \(error)")
        }
    }

    /// The page for `model`; every `{{value}}` is HTML-escaped by the engine.
    package func render(_ model: GalleryPage) -> String {
        template.render(model)
    }
}
