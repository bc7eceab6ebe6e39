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

    /// Reads the resources shipped with the module.
    package static func load() throws(Missing) -> PageResources {
        func text(_ name: String, _ ext: String) throws(Missing) -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources"),
                let data = try? Data(contentsOf: url)
            else {
                throw Missing(description: "the web view's \(name).\(ext) is missing from the installation")
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
