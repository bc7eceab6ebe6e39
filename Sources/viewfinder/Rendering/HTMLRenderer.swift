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

    mutating func prepare(_ state: SearchState) async {
        thumbnails = await LocalThumbnails.dataURIs(for: state.results)
    }

    mutating func finish(_ state: SearchState) {
        // Secrets are replaced in the file as on the terminal (a server may echo a key in a title).
        let page = Console.redacted(
            resources.render(GalleryPage(file: state, thumbnails: thumbnails, resources: resources)))
        guard let openFolder else {
            Console.out(page)
            return
        }
        PageOpener.writeAndOpen(page, in: openFolder, named: state.request?.query)
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
