import Foundation
import ProviderKit
import SearchViewModel

/// The page's view-model: what the template shows for a search, worked out from the
/// view-model's state. One template serves the gallery file (`served == false`: styles and
/// script inline, no server) and the `serve` page (`served == true`: they come from the server,
/// and the cells arrive as the search runs).
package struct GalleryPage: Sendable {
    /// One provider's chip.
    package struct Chip: Sendable, Equatable {
        package let name: String
        /// "ok", "timed out", …
        package let phase: String
        /// The CSS class: the phase's raw value ("timed_out").
        package let phaseClass: String
        package let detail: String
        /// The chip's title: the detail, then the provider's note about its run ("index off: …").
        package let title: String
    }

    /// A licence choice of the filters.
    package struct LicenseChoice: Sendable, Equatable {
        package let id: String
        package let name: String
    }

    package let served: Bool
    /// The query, or "Popular".
    package let heading: String
    /// The query in the search field (served page).
    package let query: String
    /// Whether the view-model accepts `query` (the Go button's state).
    package let searchable: Bool
    /// Whether the served page runs its search (or the popular view) as it loads: not when a
    /// link on another site opened it, where it only fills in the query and waits for Go.
    package let startsAtOnce: Bool
    package let providers: [Chip]
    package let cells: [GalleryCell]
    /// "30 photos from 3 providers", or empty.
    package let summary: String
    package let licenses: [LicenseChoice]
    /// The style sheet and the script, inlined in the gallery file.
    package let css: String
    package let script: String
    /// The gallery file's Content-Security-Policy: only its own inline style and script (by
    /// hash) run, nothing is fetched but images, and no form or base URL can be injected.
    package let filePolicy: String

    /// The gallery file for a finished search; `thumbnails` maps a photo's file path to the
    /// `data:` URI of its embedded thumbnail.
    package init(
        file state: SearchState, thumbnails: [FileSystemPath: String] = [:], resources: PageResources
    ) {
        served = false
        query = state.request?.query ?? ""
        heading = query.isEmpty ? "Popular" : query
        searchable = true
        startsAtOnce = false
        providers = state.providers.map(Self.chip)
        cells = state.results.enumerated().map { index, ranked in
            GalleryCell(
                ranked, index: index, embeddedThumbnail: ranked.photo.fileSystemPath.flatMap { thumbnails[$0] },
                allowingFiles: true)
        }
        let count = state.results.count
        let sources = Set(state.results.map(\.photo.provider)).count
        summary =
            "\(count) photo\(count == 1 ? "" : "s") from \(sources) source\(sources == 1 ? "" : "s")"
        licenses = []
        css = resources.css
        script = resources.script
        filePolicy = InlineHash.policy(style: resources.css, script: resources.script)
    }

    /// The served page for `query` (empty: the start page, or the popular view); when
    /// `startsAtOnce` is false, it says that Go (or Popular) starts it.
    package init(served query: String, popular: Bool, startsAtOnce: Bool = true) {
        served = true
        self.query = query
        heading = popular ? "Popular" : query.isEmpty ? "Search" : query
        searchable = SearchViewModel.problem(withQuery: query) == nil
        self.startsAtOnce = startsAtOnce
        providers = []
        cells = []
        summary =
            startsAtOnce || (query.isEmpty && !popular)
            ? ""
            : popular
                ? "Opened from another site: press Popular to show popular photos."
                : "Opened from another site: press Go to run this search."
        licenses = LicenseCatalog.all.map { LicenseChoice(id: $0.id, name: $0.name) }
        css = ""
        script = ""
        filePolicy = ""
    }

    private static func chip(_ status: ProviderStatus) -> Chip {
        let row = ProviderStatusRow(status)
        return Chip(
            name: PageText.safe(row.name), phase: row.phase, phaseClass: status.phase.rawValue,
            detail: PageText.safe(row.detail),
            title: PageText.safe([row.detail, row.note].filter { !$0.isEmpty }.joined(separator: " · ")))
    }
}
