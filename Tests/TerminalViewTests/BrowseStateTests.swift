import ProviderKit
import SearchViewModel
import Testing

@testable import TerminalView

@Suite("The screen's state follows the view-model and the keys")
struct BrowseStateTests {
    @Test("Enter on the query line asks for a search and moves to the list; a query without letters is refused")
    func enterSearches() {
        var state = BrowseState(query: "harbor")
        #expect(state.handle(.enter) == .search("harbor"))
        #expect(state.focus == .list)
        var empty = BrowseState(query: "--")
        #expect(empty.handle(.enter) == nil)
        #expect(empty.status.contains("letter or digit"))
    }

    @Test("The selection stays on its photo when a better result moves it down")
    func selectionFollowsPhoto() {
        var state = BrowseState(query: "x")
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(3), running: true))
        _ = state.handle(.enter)
        _ = state.handle(.down)
        #expect(state.selection?.photo.id == "2")
        let better = BrowseFixtures.photo("new")
        state.apply(BrowseFixtures.snapshot([better] + BrowseFixtures.photos(3)))
        #expect(state.selection?.photo.id == "2")
        #expect(state.selected == 2)
    }

    @Test("↑ and ↓ on the query line step through recent searches and back to what was typed")
    func history() {
        var state = BrowseState(query: "draft", history: ["harbor", "lisbon"])
        _ = state.handle(.up)
        #expect(state.query.string == "harbor")
        _ = state.handle(.up)
        #expect(state.query.string == "lisbon")
        _ = state.handle(.up)
        #expect(state.query.string == "lisbon")
        _ = state.handle(.down)
        _ = state.handle(.down)
        #expect(state.query.string == "draft")
    }

    @Test("PgDn, End and Home move by a page, to the last and to the first; the list scrolls to show the selection")
    func paging() {
        var state = BrowseState(query: "x", rows: 24, columns: 80)
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(1000)))
        _ = state.handle(.pageDown)
        #expect(state.selected == state.layout.list.rows - 1)
        _ = state.handle(.end)
        #expect(state.selected == 999)
        #expect(state.top == 1000 - state.layout.list.rows)
        _ = state.handle(.home)
        #expect(state.selected == 0 && state.top == 0)
    }

    @Test("Space marks; d downloads the marked photos, else the selected one")
    func marksAndDownload() {
        var state = BrowseState(query: "x")
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(5)))
        #expect(state.handle(.character("d")) == .download([state.items[0]]))
        _ = state.handle(.character(" "))
        _ = state.handle(.down)
        _ = state.handle(.character(" "))
        guard case .download(let items)? = state.handle(.character("d")) else {
            Issue.record("d did not download")
            return
        }
        #expect(items.map(\.photo.id) == ["1", "3"])
    }

    @Test("Enter opens the full-screen view; ←/→ move between photos; Esc goes back; q and Ctrl-C quit")
    func fullScreen() {
        var state = BrowseState(query: "x")
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot(BrowseFixtures.photos(3)))
        _ = state.handle(.enter)
        #expect(state.mode == .photo)
        _ = state.handle(.right)
        #expect(state.selection?.photo.id == "2")
        _ = state.handle(.escape)
        #expect(state.mode == .list)
        #expect(state.handle(.character("q")) == .quit)
        #expect(state.handle(.control("c")) == .quit)
        var empty = BrowseState()
        #expect(empty.handle(.character("q")) == nil)
        #expect(empty.query.string == "q")
        #expect(empty.handle(.escape) == .quit)
    }

    @Test("c copies the credit line the licence asks for")
    func copiesCredit() {
        var photo = BrowseFixtures.photo("1")
        photo.license = License(id: "CC-BY-2.0", name: "CC BY 2.0", url: nil)
        photo.attribution = "“Harbor” by Ana is licensed under CC BY 2.0"
        var state = BrowseState(query: "x")
        _ = state.handle(.enter)
        state.apply(BrowseFixtures.snapshot([photo]))
        #expect(state.handle(.character("c")) == .copy("“Harbor” by Ana is licensed under CC BY 2.0"))
    }
}
