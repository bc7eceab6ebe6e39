import Foundation
import ProviderKit
import SearchViewModel

/// The JSON shapes of `--format json` and `--format ndjson`. Absent values are written as `null`.
enum SearchJSON {
    struct Result: Encodable {
        let query: String?
        let operation: String
        let results: [PhotoJSON]
        let providers: [ProviderJSON]

        /// `explain`: each result carries its `explanation` (`--explain`); `photo` rewrites each
        /// photo first (the page's local ids).
        init(_ state: SearchState, explain: Bool = false, photo: (Photo) -> Photo = { $0 }) {
            query = state.request?.query
            operation = state.request?.query == nil ? "popular" : "search"
            results = state.results.map {
                PhotoJSON(
                    photo($0.photo), rank: $0.rank, score: $0.score,
                    explanation: explain ? $0.explanation.map(ContributionJSON.init) : nil)
            }
            providers = state.providers.map(ProviderJSON.init)
        }

        var json: JSONValue {
            .object([
                ("operation", .string(operation)), ("providers", .array(providers.map(\.json))),
                ("query", .string(query)), ("results", .array(results.map(\.json))),
            ])
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    struct PhotoJSON: Encodable {
        let rank: Int?
        let score: Double?
        let provider: String
        let id: String
        let title: String?
        let description: String?
        let author: String?
        let authorURL: String?
        let pageURL: String?
        let imageURL: String?
        let thumbnailURL: String?
        let width: Int?
        let height: Int?
        let takenAt: String?
        let tags: [String]
        let license: LicenseJSON?
        let attribution: String?
        let rating: Double?
        let location: LocationJSON?
        let place: PlaceJSON?
        let camera: String?
        let path: String?
        /// A local photo's files: its own, then the RAWs listed with it; `nil` for other photos.
        let files: [String]?
        let explanation: [ContributionJSON]?

        init(_ photo: Photo, rank: Int? = nil, score: Double? = nil, explanation: [ContributionJSON]? = nil) {
            self.explanation = explanation
            self.rank = rank
            self.score = score.map { ($0 * 1_000_000).rounded() / 1_000_000 }
            provider = photo.provider
            id = photo.id
            title = photo.title
            description = photo.description
            author = photo.author
            authorURL = photo.authorURL?.absoluteString
            pageURL = photo.pageURL?.absoluteString
            let largest = photo.largestImage
            let smallest = photo.thumbnail
            imageURL = largest?.url.absoluteString
            thumbnailURL = smallest == largest ? nil : smallest?.url.absoluteString
            width = photo.width
            height = photo.height
            takenAt = photo.takenAt?.description
            tags = photo.tags
            license = photo.license.map(LicenseJSON.init)
            attribution = photo.attribution
            rating = photo.popularity.rating
            location = photo.location.map(LocationJSON.init)
            place = photo.place.map(PlaceJSON.init)
            camera = photo.camera
            path = photo.filePath
            files = photo.filePath.map { path in
                [path] + photo.companionFiles.map { FileSystemPath(fileURL: $0)?.shown ?? $0.path }
            }
        }

        /// Every field, `null` where absent, but `rank`, `score` and `explanation`, which only
        /// ranked results (and `--explain`) have.
        var json: JSONValue {
            var fields: [(key: String, value: JSONValue)] = [
                ("attribution", .string(attribution)), ("author", .string(author)), ("author_url", .string(authorURL)),
                ("camera", .string(camera)), ("description", .string(description)),
            ]
            fields.reserveCapacity(24)
            if let explanation { fields.append(("explanation", .array(explanation.map(\.json)))) }
            fields += [
                ("files", files.map { .strings($0) } ?? .null), ("height", .int(height)), ("id", .string(id)),
                ("image_url", .string(imageURL)),
                ("license", license?.json ?? .null), ("location", location?.json ?? .null),
                ("page_url", .string(pageURL)), ("path", .string(path)), ("place", place?.json ?? .null),
                ("provider", .string(provider)),
            ]
            if let rank { fields.append(("rank", .int(rank))) }
            fields.append(("rating", .double(rating)))
            if let score { fields.append(("score", .double(score))) }
            fields += [
                ("tags", .strings(tags)), ("taken_at", .string(takenAt)), ("thumbnail_url", .string(thumbnailURL)),
                ("title", .string(title)), ("width", .int(width)),
            ]
            return .object(fields)
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// One provider's term of a result's score: `{"provider", "rank", "weight", "contribution"}`,
    /// unrounded, so the terms add up to the score as the merger computed it.
    struct ContributionJSON: Encodable {
        let provider: String
        let rank: Int
        let weight: Double
        let contribution: Double

        init(_ part: ScoreContribution) {
            provider = part.provider
            rank = part.rank
            weight = part.weight
            contribution = part.value
        }

        var json: JSONValue {
            .object([
                ("contribution", .double(contribution)), ("provider", .string(provider)), ("rank", .int(rank)),
                ("weight", .double(weight)),
            ])
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// Where the photo was taken, in decimal degrees.
    struct LocationJSON: Encodable {
        let latitude: Double
        let longitude: Double

        init(_ location: GeoLocation) {
            latitude = location.latitude
            longitude = location.longitude
        }

        var json: JSONValue { .object([("latitude", .double(latitude)), ("longitude", .double(longitude))]) }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// Where the photo was taken, in words: `{"name", "city", "region", "country", "country_code"}`,
    /// `null` where a part is unknown.
    struct PlaceJSON: Encodable {
        let names: PlaceNames

        init(_ names: PlaceNames) { self.names = names }

        var json: JSONValue {
            .object([
                ("city", .string(names.city)), ("country", .string(names.country)),
                ("country_code", .string(names.countryCode)), ("name", .string(names.name)),
                ("region", .string(names.region)),
            ])
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// A licence: its id, name and URL, and the three facts as booleans, `null` where unknown.
    struct LicenseJSON: Encodable {
        let id: String
        let name: String
        let url: String?
        let commercial: Bool?
        let modify: Bool?
        let attributionRequired: Bool?

        init(_ license: License) {
            id = license.id
            name = license.name
            url = license.url?.absoluteString
            commercial = license.allowsCommercialUse
            modify = license.allowsModification
            attributionRequired = license.requiresAttribution
        }

        var json: JSONValue {
            .object([
                ("attribution_required", .bool(attributionRequired)), ("commercial", .bool(commercial)),
                ("id", .string(id)), ("modify", .bool(modify)), ("name", .string(name)), ("url", .string(url)),
            ])
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    struct ProviderJSON: Encodable {
        let name: String
        let type: String
        let status: String
        let count: Int
        let durationMs: Int64?
        let error: String?
        /// Something the provider wants said about its run ("index off: …"); only when present.
        let note: String?
        let filters: FiltersJSON?
        /// How the query's time words reached it ("2019 as taken date"); only when it had some.
        let timeWords: String?

        init(_ status: ProviderStatus) {
            name = status.name
            type = status.typeName
            self.status = status.phase.rawValue
            count = status.count
            durationMs = status.duration.map(\.wholeMilliseconds)
            error = status.message
            note = status.note
            filters = status.phase == .skipped ? nil : FiltersJSON(status)
            timeWords = status.phase == .skipped ? nil : status.timeWords
        }

        var json: JSONValue {
            var fields: [(key: String, value: JSONValue)] = [
                ("count", .int(count)), ("duration_ms", .int(durationMs)), ("error", .string(error)),
            ]
            if let filters { fields.append(("filters", filters.json)) }
            fields.append(("name", .string(name)))
            if let note { fields.append(("note", .string(note))) }
            fields += [("status", .string(status))]
            if let timeWords { fields.append(("time_words", .string(timeWords))) }
            fields += [("type", .string(type))]
            return .object(fields)
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// Where a provider's filters ran: `{"at_source", "after", "removed", "page_bound_reached",
    /// "unevaluable"}`; only present when a filter was asked for.
    struct FiltersJSON: Encodable {
        let atSource: [String]
        let after: [String]
        let removed: Int
        let pageBoundReached: Bool
        let unevaluable: [String]

        init?(_ status: ProviderStatus) {
            guard !status.filtersAtSource.isEmpty || !status.filtersAfter.isEmpty else { return nil }
            atSource = status.filtersAtSource
            after = status.filtersAfter
            removed = status.removedByFilters
            pageBoundReached = status.reachedPageBound
            unevaluable = status.filtersUnevaluable
        }

        var json: JSONValue {
            .object([
                ("after", .strings(after)), ("at_source", .strings(atSource)),
                ("page_bound_reached", .bool(pageBoundReached)), ("removed", .int(removed)),
                ("unevaluable", .strings(unevaluable)),
            ])
        }

        func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
    }

    /// `json` with the characters a terminal acts on, or that reorder what it shows, written as
    /// `\u` escapes: DEL and the C1 controls (U+009B starts a control sequence, as ESC [ does), bidirectional
    /// overrides and isolates, and the line and paragraph separators. JSON allows them raw, and
    /// its readers decode the escapes to the same text. They can only stand inside strings.
    static func escapingTerminalControls(_ json: String) -> String {
        let escaped = JSONValue.isTerminalControl
        guard json.unicodeScalars.contains(where: escaped) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard escaped(scalar) else {
                output.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(output)
    }

    /// `value` as one line, or pretty-printed: what ``encode(_:pretty:)`` writes, faster.
    static func text(_ value: JSONValue, pretty: Bool = false) -> String { value.text(pretty: pretty) }

    /// Encodes `value` as one line, or pretty-printed.
    static func encode(_ value: some Encodable, pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            // Never `{}` with success: the run ends with this message and status 1.
            Console.failEncoding(String(describing: error))
            return ""
        }
    }
}
