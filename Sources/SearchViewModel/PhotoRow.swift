import Foundation
import ProviderKit
import ServiceBus

/// What one result row shows, worked out from a ranked photo: the presentation logic
/// of the results list, kept apart from any terminal so it can be tested.
package struct PhotoRow: Sendable, Equatable {
    /// 1-based position.
    package let rank: Int
    /// The score with four decimals, e.g. "0.0164".
    package let score: String
    /// The title, or "Untitled" when the photo has none.
    package let title: String
    /// The author, or an empty string.
    package let author: String
    /// Pixel size such as "4000×3000", or an empty string when unknown.
    package let dimensions: String
    /// The day the photo was taken, as the source recorded it ("2024-05-01"), or an empty string.
    package let taken: String
    /// The provider instance that found it, e.g. "samples".
    package let provider: String
    /// The licence's short name, e.g. "CC BY 2.0", or an empty string when the source gave none.
    package let license: String
    /// Where to open it: the file path for local photos, otherwise the page URL.
    package let location: String
    /// Where it was taken, in words: "Lisbon, Portugal" (the city, else the place, else the
    /// region, then the country), or an empty string.
    package let place: String
    /// Every part of where it was taken, for a full view: "Almada, Lisbon, Lisbon, Portugal" with
    /// repeats left out ("Almada, Lisbon, Portugal"), or an empty string.
    package let placeDetail: String
    /// Why it ranks here: each provider's term of the score, e.g.
    /// "flickr #2 ×1.0 .0161 + openverse #5 ×0.5 .0077".
    package let why: String

    /// Creates the row for `ranked`.
    package init(_ ranked: RankedPhoto) {
        let photo = ranked.photo
        rank = ranked.rank
        score = DecimalText.fixed(ranked.score, places: 4)
        title = Self.nonBlank(photo.title) ?? "Untitled"
        author = Self.nonBlank(photo.author) ?? ""
        dimensions = Self.dimensions(width: photo.width, height: photo.height)
        taken = photo.takenAt?.day ?? ""
        provider = photo.provider
        license = Self.nonBlank(photo.license?.name) ?? ""
        location = photo.filePath ?? photo.pageURL?.absoluteString ?? ""
        place = Self.place(photo.place)
        placeDetail = Self.placeDetail(photo.place)
        why = ranked.explanation.map(Self.term).joinedText(separator: " + ")
    }

    /// "flickr #2 ×1.0 .0161": the provider, the photo's rank there, its weight and the term added.
    static func term(_ part: ScoreContribution) -> String {
        let weight =
            (part.weight * 10).rounded() == part.weight * 10
            ? DecimalText.fixed(part.weight, places: 1) : DecimalText.fixed(part.weight, places: 2)
        var value = DecimalText.fixed(part.value, places: 4)
        if value.hasPrefix("0.") { value.removeFirst() }
        return "\(part.provider) #\(part.rank) ×\(weight) \(value)"
    }

    /// "4000×3000" when both sides are known and positive.
    package static func dimensions(width: Int?, height: Int?) -> String {
        guard let width, let height, width > 0, height > 0 else { return "" }
        return "\(width)×\(height)"
    }

    /// "Lisbon, Portugal": the city, else the place, else the region; then the country.
    package static func place(_ names: PlaceNames?) -> String {
        guard let names else { return "" }
        let town = nonBlank(names.city) ?? nonBlank(names.name) ?? nonBlank(names.region)
        let country = nonBlank(names.country) ?? nonBlank(names.countryCode)
        return [town, country].compactMap { $0 }.joinedText(separator: ", ")
    }

    /// "Almada, Lisbon, Portugal": place, city, region and country, each once.
    package static func placeDetail(_ names: PlaceNames?) -> String {
        guard let names else { return "" }
        var parts: [String] = []
        for part in [names.name, names.city, names.region, names.country ?? names.countryCode] {
            if let text = nonBlank(part), !parts.contains(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) {
                parts.append(text)
            }
        }
        return parts.joinedText(separator: ", ")
    }

    static func nonBlank(_ text: String?) -> String? {
        guard let text else { return nil }
        let collapsed = text.split(whereSeparator: \.isWhitespaceASCIIFirst).joinedText(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }
}

/// What one provider's status line shows.
package struct ProviderStatusRow: Sendable, Equatable {
    /// The instance name.
    package let name: String
    /// "running", "ok", "failed", "timed out", "partial" (timed out after giving photos),
    /// "skipped" or "cancelled".
    package let phase: String
    /// "12 photos in 140 ms", a failure or skip reason, or an empty string while running.
    package let detail: String
    /// The detail in a few words for a narrow place: "12 photos", "failed", "skipped", or an
    /// empty string while running without photos.
    package let brief: String
    /// Where the filters ran: "license, taken at source; orientation after (−7)", with "; page
    /// bound reached" when paging stopped at its bound; empty when no filter was asked for.
    package let filters: String
    /// The provider's note about its run ("index off: …"), or empty.
    package let note: String

    /// Creates the row for `status`.
    package init(_ status: ProviderStatus) {
        name = status.name
        let count = "\(status.count) photo\(status.count == 1 ? "" : "s")"
        phase = status.isPartial ? "partial" : String(status.phase.rawValue.map { $0 == "_" ? " " : $0 })
        let time = status.duration.map { " in \($0.shortDescription)" } ?? ""
        switch status.phase {
        case .running: detail = status.count > 0 ? count : ""
        case .ok, .cancelled: detail = count + time
        case .timedOut where status.isPartial: detail = count + (status.message.map { ", then \($0)" } ?? "")
        case .failed, .timedOut: detail = (status.message ?? "") + (status.count > 0 ? " (\(count) before)" : "")
        case .skipped: detail = status.message ?? ""
        }
        switch status.phase {
        case .running: brief = status.count > 0 ? count : ""
        case .ok, .cancelled: brief = count
        case .timedOut where status.isPartial: brief = count + ", timed out"
        case .failed, .timedOut, .skipped: brief = phase
        }
        filters = status.phase == .skipped ? "" : Self.filterSummary(status)
        note = status.note ?? ""
    }

    /// "license, taken at source; orientation after (−7)"; empty when no filter was asked for.
    static func filterSummary(_ status: ProviderStatus) -> String {
        var parts: [String] = []
        if let timeWords = status.timeWords { parts.append(timeWords) }
        if !status.filtersAtSource.isEmpty {
            parts.append(status.filtersAtSource.joinedText(separator: ", ") + " at source")
        }
        if !status.filtersAfter.isEmpty {
            parts.append(status.filtersAfter.joinedText(separator: ", ") + " after (−\(status.removedByFilters))")
        }
        if status.reachedPageBound { parts.append("page bound reached") }
        return parts.joinedText(separator: "; ")
    }

}
