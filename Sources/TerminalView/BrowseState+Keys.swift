import Foundation
import ProviderKit
import SearchViewModel

/// What a key asks of the world outside the screen's state.
package enum BrowseEffect: Sendable, Equatable {
    /// Search for this text.
    case search(String)
    /// Show the providers' popular feeds (`p`).
    case popular
    /// Open this photo's page (`o`).
    case open(BrowseItem)
    /// Download these photos (`d`).
    case download([BrowseItem])
    /// Copy this text to the clipboard (`c`, OSC 52).
    case copy(String)
    /// Search again with the filters' form as it is (Enter on the filters).
    case applyFilters
    /// Leave (`q`, Ctrl-C).
    case quit
}

extension BrowseState {
    /// Applies `key` to the state, and returns what else it asks for, if anything.
    package mutating func handle(_ key: BrowseKey) -> BrowseEffect? {
        if key == .control("c") { return .quit }
        switch mode {
        case .keys:
            mode = .list
            return nil
        case .filters:
            return handleInFilters(key)
        case .photo:
            return handleInPhoto(key)
        case .list:
            return focus == .query ? handleInQuery(key) : handleInList(key)
        }
    }

    private mutating func handleInQuery(_ key: BrowseKey) -> BrowseEffect? {
        switch key {
        case .enter:
            let text = query.string.trimmingCharacters(in: .whitespaces)
            forgetRecall()
            if let problem = SearchViewModel.problem(withQuery: text) {
                status = text.isEmpty ? "Type what to look for, then Enter." : "Cannot search: \(problem)."
                return nil
            }
            focus = .list
            status = ""
            return .search(text)
        case .up:
            recall(older: true)
        case .down:
            recall(older: false)
        case .escape where items.isEmpty:
            return .quit  // nothing to go back to: as fzf, Esc leaves
        case .escape, .tab:
            if !items.isEmpty { focus = .list }
        default:
            if query.apply(key) { forgetRecall() }
        }
        return nil
    }

    private mutating func handleInList(_ key: BrowseKey) -> BrowseEffect? {
        let page = max(1, layout.list.rows - 1)
        switch key {
        case .up, .character("k"): select(selected - 1)
        case .down, .character("j"): select(selected + 1)
        case .pageUp: select(selected - page)
        case .pageDown: select(selected + page)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(items.count - 1)
        case .enter: if selection != nil { mode = .photo }
        case .character(" "):
            toggleMark()
            select(selected + 1)
        case .character("/"), .tab, .escape: focus = .query
        case .character("?"): mode = .keys
        case .character("f"): mode = .filters
        case .character("p"):
            query = QueryLine()  // the line names what is shown: no query, the popular feeds
            return .popular
        case .character("q"): return .quit
        default: return actOnSelection(key)
        }
        return nil
    }

    private mutating func handleInPhoto(_ key: BrowseKey) -> BrowseEffect? {
        switch key {
        case .left, .up, .character("h"): select(selected - 1)
        case .right, .down, .character("l"), .character(" "): select(selected + 1)
        case .escape, .enter, .backspace, .character("q"): mode = .list
        case .character("?"): mode = .keys
        default: return actOnSelection(key)
        }
        return nil
    }

    /// `o`, `d` and `c`, from the list or the full-screen view.
    private mutating func actOnSelection(_ key: BrowseKey) -> BrowseEffect? {
        guard let item = selection else { return nil }
        switch key {
        case .character("o"):
            return .open(item)
        case .character("d"):
            return .download(photosToDownload)
        case .character("c"):
            guard !item.credit.isEmpty else {
                status = "This photo's licence asks for no credit line."
                return nil
            }
            status = "Credit line copied."
            return .copy(item.credit)
        default:
            return nil
        }
    }

    private mutating func handleInFilters(_ key: BrowseKey) -> BrowseEffect? {
        switch key {
        case .escape:
            mode = .list
            return nil
        case .enter:
            mode = .list
            return .applyFilters
        default:
            filters.apply(key)
            return nil
        }
    }
}
