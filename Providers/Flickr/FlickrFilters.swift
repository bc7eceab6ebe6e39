import Foundation
import ProviderKit

/// Translates search filters into `flickr.photos.search` parameters.
///
/// Both translations are exact, so a search declares them applied at the source: Flickr's
/// licence ids 0–16 each map to one licence of the catalogue (``FlickrLicenses``), so the ids
/// whose licence passes the filters are exactly the photos that would pass; and the taken dates
/// compare Flickr's `datetaken` (whole seconds) as the provider reads it. Orientation and
/// minimum size have no search parameter and are applied afterwards. A place (`--near`) is sent
/// as `lat`, `lon` and `radius`, which Flickr caps at 32 km: the distance is narrowed to that
/// there and checked again afterwards on every photo's position, so it is not declared applied.
enum FlickrFilters {
    /// The widest `radius` Flickr takes, in kilometres.
    static let maximumRadius = 32.0

    /// `lat`, `lon`, `radius` (at most ``maximumRadius``) and `radius_units` for the place filter.
    static func placeParameters(_ filters: SearchFilters) -> [(String, String)] {
        guard let near = filters.near else { return [] }
        return [
            ("lat", String(format: "%.6f", near.center.latitude)),
            ("lon", String(format: "%.6f", near.center.longitude)),
            ("radius", String(format: "%.3f", min(filters.within, maximumRadius))), ("radius_units", "km"),
        ]
    }

    /// What a search applies at the source; the popular feed (`interestingness.getList`) takes no filter.
    static func applied(for operation: SearchRequest.Operation) -> SearchFilters.Capabilities {
        if case .search = operation { return [.license, .takenDate] }
        return []
    }

    /// The Flickr licence ids to ask for: those the configured `license` option allows (every id
    /// when empty) whose licence passes `filters`; `nil` when neither restricts. An empty list
    /// means no Flickr licence can pass, so nothing need be asked.
    static func licenseIDs(_ filters: SearchFilters, configured: [Int]) -> [Int]? {
        let restricted = filters.kinds.contains(.license)
        guard restricted || !configured.isEmpty else { return nil }
        let candidates = configured.isEmpty ? FlickrLicenses.all.keys.sorted() : configured
        return candidates.filter { !restricted || filters.accepts(FlickrLicenses.license(id: $0)) }
    }

    /// `min_taken_date` and `max_taken_date` for the taken-date filters, as MySQL datetimes.
    ///
    /// Flickr compares both bounds inclusively on whole seconds; Viewfinder's taken-before is
    /// exclusive, so a photo taken at whole second `s` passes when `s <= ceil(before) - 1`, and
    /// taken-after passes when `s >= ceil(after)`.
    static func takenDateParameters(_ filters: SearchFilters) -> [(String, String)] {
        var items: [(String, String)] = []
        if let after = filters.takenAfter, let text = mysqlDateTime(after, addingSeconds: 0) {
            items.append(("min_taken_date", text))
        }
        if let before = filters.takenBefore, let text = mysqlDateTime(before, addingSeconds: -1) {
            items.append(("max_taken_date", text))
        }
        return items
    }

    /// `yyyy-MM-dd HH:mm:ss` (UTC, the reading ``FlickrPhotoMapping/takenDate(_:)`` gives
    /// `datetaken`) of `date` rounded up to a whole second, plus `addingSeconds`.
    private static func mysqlDateTime(_ date: Date, addingSeconds: Double) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.up) + addingSeconds
        guard seconds.isFinite else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
