import ProviderKit
import SearchViewModel

/// Everything `browse`'s screen shows, as a value: the query line, the results and which one is
/// selected, the providers' chips, the marks, the mode and the status line. The view-model's
/// snapshots (``apply(_:)``) and the keys (``handle(_:)``) change it; ``BrowseRenderer`` draws it.
package struct BrowseState: Sendable {
    /// Where typing goes.
    package enum Focus: Sendable, Equatable { case query, list }
    /// What fills the screen.
    package enum Mode: Sendable, Equatable {
        /// The query, the list and the preview.
        case list
        /// The selected photo as large as the terminal allows (Enter), ←/→ between photos.
        case photo
        /// The keys (`?`).
        case keys
        /// The filters (`f`).
        case filters
    }

    package var query: QueryLine
    package var focus: Focus
    package var mode: Mode = .list
    /// The results, in the view-model's order.
    package private(set) var items: [BrowseItem] = []
    /// One chip per provider, in the view-model's words.
    package private(set) var chips: [ProviderStatusRow] = []
    /// The selected result's index in ``items`` (0 when there is none).
    package private(set) var selected = 0
    /// The first result the list shows.
    package private(set) var top = 0
    /// Photos marked with Space, by ``BrowseItem/key``.
    package private(set) var marked: Set<String> = []
    /// The status line's message; empty shows the key hints.
    package var status = ""
    /// Whether a search is running.
    package private(set) var isSearching = false
    /// What the results are for: the query searched, or "popular"; nil before the first search.
    package private(set) var shown: String?
    /// The filters' form.
    package var filters = FilterForm()
    /// The filters in force, as the status line names them ("license cc0; near Lisbon").
    package var filterSummary = ""
    /// The recent searches, newest first (↑/↓ on the query line).
    package var history: [String]
    private var historyIndex: Int?
    private var draft = ""
    /// The terminal's size, and the layout for it.
    package private(set) var layout: BrowseLayout

    /// A screen of `rows` × `columns` with `query` typed and the focus on it.
    package init(query: String = "", history: [String] = [], rows: Int = 24, columns: Int = 80) {
        self.query = QueryLine(query)
        self.history = history
        focus = .query
        layout = BrowseLayout(rows: rows, columns: columns)
    }

    /// The selected result, if any.
    package var selection: BrowseItem? { items.indices.contains(selected) ? items[selected] : nil }

    /// Adapts to a terminal of `rows` × `columns`.
    package mutating func resize(rows: Int, columns: Int) {
        layout = BrowseLayout(rows: rows, columns: columns)
        keepSelectionVisible()
    }

    /// A search for `shown` began: the list empties until its results arrive.
    package mutating func begin(_ shown: String) {
        self.shown = shown
        items = []
        chips = []
        selected = 0
        top = 0
        marked = []
        isSearching = true
        mode = mode == .photo ? .list : mode
    }

    /// Takes in a snapshot of the running search: rows move to the view-model's order, and
    /// the selection stays on its photo when it is still there.
    package mutating func apply(_ snapshot: SearchState) {
        let selectedKey = selection?.key
        // A photo already shown keeps its item: its words are made once, not on every snapshot.
        var previous: [String: BrowseItem] = [:]
        previous.reserveCapacity(items.count)
        for item in items { previous[item.key] = item }
        items = snapshot.results.map { ranked in
            if let item = previous[BrowseItem.key(of: ranked.photo)], item.photo == ranked.photo { return item }
            return BrowseItem(ranked)
        }
        chips = snapshot.providers.map(ProviderStatusRow.init)
        isSearching = snapshot.isRunning
        if let selectedKey, let index = items.firstIndex(where: { $0.key == selectedKey }) {
            selected = index
        } else {
            selected = min(selected, max(0, items.count - 1))
        }
        keepSelectionVisible()
    }

    /// Moves the selection to `index` (clamped) and scrolls the list to show it.
    package mutating func select(_ index: Int) {
        selected = max(0, min(index, items.count - 1))
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        let height = max(1, layout.list.rows)
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, max(0, items.count - height)))
    }

    /// Marks or unmarks the selected photo (Space).
    mutating func toggleMark() {
        guard let key = selection?.key else { return }
        if marked.remove(key) == nil { marked.insert(key) }
    }

    /// The photos `d` downloads: the marked ones in list order, else the selected one.
    package var photosToDownload: [BrowseItem] {
        let chosen = items.filter { marked.contains($0.key) }
        return chosen.isEmpty ? selection.map { [$0] } ?? [] : chosen
    }

    /// Steps through the recent searches on the query line: `older` with ↑, newer with ↓
    /// (past the newest, back to what was being typed).
    mutating func recall(older: Bool) {
        guard !history.isEmpty else { return }
        let next: Int?
        switch (historyIndex, older) {
        case (nil, true): next = 0
        case (nil, false): return
        case (let index?, true): next = min(index + 1, history.count - 1)
        case (let index?, false): next = index == 0 ? nil : index - 1
        }
        if historyIndex == nil { draft = query.string }
        historyIndex = next
        query = QueryLine(next.map { history[$0] } ?? draft)
    }

    /// Leaves the history: the next ↑ starts from the newest search again.
    mutating func forgetRecall() { historyIndex = nil }
}
