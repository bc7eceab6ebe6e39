import Foundation
import ProviderKit
import SearchViewModel
import WebView

/// `--format html`: one self-contained gallery page (styles, script and local thumbnails
/// inline) written when the search is over; with `--open`, written to the cache folder and
/// opened in the browser.
struct HTMLRenderer: SearchRenderer {
    let resources: PageResources
    /// Where `--open` writes pages; `nil`: the page goes to standard output.
    let openFolder: URL?
    private var thumbnails: [FileSystemPath: String] = [:]

    init(resources: PageResources, openFolder: URL?) {
        self.resources = resources
        self.openFolder = openFolder
    }

    mutating func update(_ state: SearchState) {}

    /// With `--open`, what happened to the page (written where, opened or not), shown at the end.
    private var opened: String?

    mutating func prepare(_ state: SearchState) async {
        thumbnails = await LocalThumbnails.dataURIs(for: state.results)
        guard let openFolder else { return }
        opened = await PageOpener.writeAndOpen(page(for: state), in: openFolder, named: state.request?.query)
    }

    mutating func finish(_ state: SearchState) {
        guard openFolder != nil else {
            Console.out(page(for: state))
            return
        }
        Console.err(opened ?? "")
    }

    /// The page, with secrets replaced as on the terminal (a server may echo a key in a title).
    private func page(for state: SearchState) -> String {
        // Every piece of text once more, the query included: the page may be written to a terminal.
        PageText.safe(
            Console.redacted(resources.render(GalleryPage(file: state, thumbnails: thumbnails, resources: resources))))
    }
}

/// The web view's resources, or a clear error for a broken installation.
enum WebResources {
    static func load() throws -> PageResources {
        do {
            return try PageResources.load()
        } catch {
            throw CommandFailure(message: error.description, exitCode: ExitCodes.failed)
        }
    }
}
