import Foundation
import ProviderKit
import SearchViewModel

/// The page's view-model: what the template shows for a search, worked out from the
/// view-model's state. One template serves the gallery file (`served == false`: styles and
/// script inline, no server) and the `serve` page (`served == true`: they come from the server,
/// and the cells arrive as the search runs, each a copy of the page's one cell `<template>`
/// filled in with ``GalleryCell``'s words). The served page does not depend on the query (its
/// script reads the address), so `serve` renders its few pages once (``ServedPages``).
package struct GalleryPage: Sendable {
    /// One provider's chip.
    package struct Chip: Sendable, Equatable, Encodable {
        package let name: String
        /// "ok", "timed out", …
        package let phase: String
        /// The CSS class: the phase's raw value ("timed_out").
        package let phaseClass: String
        package let detail: String
        /// The chip's title: the detail, then the provider's note about its run ("index off: …").
        package let title: String
        /// Whether `detail` has text (the template's sections take an empty text as true).
        package var hasDetail: Bool

        /// An empty chip: the served page's `<template>` for chips.
        static let blank = Chip(name: "", phase: "", phaseClass: "", detail: "", title: "", hasDetail: false)
    }

    /// A licence choice of the filters.
    package struct LicenseChoice: Sendable, Equatable {
        package let id: String
        package let name: String
    }

    package let served: Bool
    /// The query, or "Popular".
    package let heading: String
    /// The query (the gallery file's heading).
    package let query: String
    /// Whether the served page runs its search (or the popular view) as it loads: not when a
    /// link on another site opened it, where it only fills in the query and waits for Go.
    package let startsAtOnce: Bool
    package let providers: [Chip]
    package let cells: [GalleryCell]
    /// "30 photos from 3 sources", or empty.
    package let summary: String
    /// What the served page says when a link on another site opened a search, which waits for Go.
    package let waitingForGo: String
    /// The served page's templates: one empty cell and one empty chip (none in the gallery file).
    package let templateCells: [GalleryCell]
    package let templateChips: [Chip]
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
        startsAtOnce = false
        providers = state.providers.map(Self.chip)
        cells = state.results.enumerated().map { index, ranked in
            GalleryCell(
                ranked, index: index, embeddedThumbnail: ranked.photo.fileSystemPath.flatMap { thumbnails[$0] },
                allowingFiles: true)
        }
        summary = Self.summary(state)
        waitingForGo = ""
        templateCells = []
        templateChips = []
        licenses = []
        css = resources.css
        script = resources.script
        filePolicy = InlineHash.policy(style: resources.css, script: resources.script)
    }

    /// The served page, `/` or `/popular` (the same for every query: the script reads the
    /// address); when `startsAtOnce` is false, it says that Go (or Popular) starts it.
    package init(servedPopular popular: Bool, startsAtOnce: Bool = true) {
        served = true
        query = ""
        heading = popular ? "Popular" : "Search"
        self.startsAtOnce = startsAtOnce
        providers = []
        cells = []
        summary =
            startsAtOnce || !popular ? "" : "Opened from another site: press Popular to show popular photos."
        waitingForGo = startsAtOnce ? "" : "Opened from another site: press Go to run this search."
        templateCells = [.blank]
        templateChips = [.blank]
        licenses = LicenseCatalog.all.map { LicenseChoice(id: $0.id, name: $0.name) }
        css = ""
        script = ""
        filePolicy = ""
    }

    /// What the line above the cells says: "30 photos from 3 sources", and while the search
    /// runs "12 photos from 2 sources so far…".
    package static func summary(_ state: SearchState) -> String {
        let count = state.results.count
        var sources = Set<String>()
        for ranked in state.results { sources.insert(ranked.photo.provider) }
        let text =
            "\(count) photo\(count == 1 ? "" : "s") from \(sources.count) source\(sources.count == 1 ? "" : "s")"
        return state.isRunning ? text + " so far…" : text
    }

    /// A provider's chip, in the view-model's words (``ProviderStatusRow``).
    package static func chip(_ status: ProviderStatus) -> Chip {
        let row = ProviderStatusRow(status)
        return Chip(
            name: PageText.safe(row.name), phase: row.phase, phaseClass: status.phase.rawValue,
            detail: PageText.safe(row.detail),
            title: PageText.safe([row.detail, row.note].filter { !$0.isEmpty }.joinedText(separator: " · ")),
            hasDetail: !row.detail.isEmpty)
    }
}
