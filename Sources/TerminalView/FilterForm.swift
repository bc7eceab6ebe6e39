import Foundation
import ProviderKit

/// The filters screen (`f`): one editable line per filter, as the options spell them, so the
/// command line's own parsing (``SearchFilters/set(_:from:places:)``) reads them.
package struct FilterForm: Sendable, Equatable {
    /// The filters offered, in the order shown.
    package static let keys: [SearchFilters.Key] = [
        .license, .orientation, .minWidth, .minHeight, .takenAfter, .takenBefore, .near, .within,
    ]

    /// What each filter's line holds.
    package var fields: [QueryLine] = keys.map { _ in QueryLine() }
    /// The line being edited.
    package var focused = 0

    package init() {}

    /// The filters with text in them.
    package var values: [(key: SearchFilters.Key, text: String)] {
        zip(Self.keys, fields).compactMap { key, field in
            let text = field.string.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : (key, text)
        }
    }

    /// A hint for each filter's line.
    package static func hint(for key: SearchFilters.Key) -> String {
        switch key {
        case .license: "cc0, cc-by, pdm… or commercial, modify"
        case .orientation: "landscape, portrait or square"
        case .minWidth, .minHeight: "pixels"
        case .takenAfter, .takenBefore: "YYYY-MM-DD"
        case .near: "LAT,LON or a place name"
        case .within: "25km, 500m, 10mi"
        }
    }

    /// Moves between lines (↑/↓/Tab) or edits the focused one.
    mutating func apply(_ key: BrowseKey) {
        switch key {
        case .up: focused = (focused + Self.keys.count - 1) % Self.keys.count
        case .down, .tab: focused = (focused + 1) % Self.keys.count
        default: _ = fields[focused].apply(key)
        }
    }
}
