import ProviderKit

/// A place that a name given for `--near PLACE` matched.
package struct PlaceMatch: Sendable, Equatable {
    package let place: Place
    package let names: PlaceNames
    package let location: GeoLocation
    /// GeoNames' count (0: unknown).
    package let population: Int

    /// "Paris, Île-de-France, France": the place as a person tells it from others of its name.
    package var label: String {
        [names.name, names.region, names.country].compactMap { $0 }.reduce(into: [String]()) { parts, part in
            if parts.last != part { parts.append(part) }
        }.joinedText(separator: ", ")
    }
}

/// What a name resolved to.
package enum PlaceResolution: Sendable, Equatable {
    /// The places of that name, most populous first (never empty).
    case matches([PlaceMatch])
    /// No place of that name; up to three names spelt nearly so, most populous first.
    case noMatch(suggestions: [String])
}

extension Gazetteer {
    /// The places named `text` in any of their forms, folded as the search folds words
    /// ("lisboa", "München", "new york city"). A comma narrows by region or country: "Paris,
    /// Texas", "Paris, US", "Portland, Oregon". Scans the names (a few milliseconds, once per
    /// command); when nothing matches, offers up to three names within a small edit distance.
    package func resolve(_ text: String) -> PlaceResolution {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let wanted = Array(TextFolding.words(parts.first ?? "").joinedText(separator: " ").utf8)
        let qualifiers = parts.dropFirst().map { TextFolding.words($0).joinedText(separator: " ") }.filter {
            !$0.isEmpty
        }
        guard !wanted.isEmpty else { return .noMatch(suggestions: []) }
        var found: [Int] = []
        for index in 0..<placeCount where matches(index, wanted) && within(index, qualifiers) {
            found.append(index)
        }
        guard !found.isEmpty else {
            return .noMatch(suggestions: suggestions(for: String(decoding: wanted, as: UTF8.self)))
        }
        return .matches(
            found.map { index in
                let place = Place(index: index)
                return PlaceMatch(
                    place: place, names: names(of: place), location: location(of: place),
                    population: population(of: place))
            }.sorted { ($0.population, $1.place.index) > ($1.population, $0.place.index) })
    }

    /// Whether a form of place `index` folds to `wanted`.
    private func matches(_ index: Int, _ wanted: [UInt8]) -> Bool {
        var line = 0
        var display = UnsafeRawBufferPointer(start: nil, count: 0)
        var matched = false
        placeRecord(index).forEachLine { bytes in
            defer { line += 1 }
            switch line {
            case 0: display = bytes
            case 1: matched = bytes.isEmpty ? Self.asciiFolds(display, to: wanted) : bytes.elementsEqual(wanted)
            default: matched = bytes.elementsEqual(wanted)
            }
            return !matched
        }
        return matched
    }

    /// Whether every qualifier names the region or country of place `index` (or its ISO code).
    private func within(_ index: Int, _ qualifiers: [String]) -> Bool {
        guard !qualifiers.isEmpty else { return true }
        guard let region = placesFile.half(.regions, index), let country = placesFile.byte(.regionCountries, region)
        else { return false }
        let countryText = record(.countryTexts, country)
        let forms = Set(record(.regionTexts, region).lines(from: 2) + countryText.lines(from: 2))
            .union([countryText.line(1).lowercased()])
        return qualifiers.allSatisfy(forms.contains)
    }

    /// Whether ASCII `display`, lower-cased with each run of other characters made one space
    /// (TextFolding's ASCII rule), is `wanted`; compared as it goes, without a copy.
    private static func asciiFolds(_ display: UnsafeRawBufferPointer, to wanted: [UInt8]) -> Bool {
        var position = 0
        var pendingSpace = false
        for byte in display {
            let folded: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): folded = byte
            default:
                pendingSpace = position > 0
                continue
            }
            if pendingSpace {
                guard position < wanted.count, wanted[position] == UInt8(ascii: " ") else { return false }
                position += 1
                pendingSpace = false
            }
            guard position < wanted.count, wanted[position] == folded else { return false }
            position += 1
        }
        return position == wanted.count
    }

    /// Up to three display names whose forms are within a small edit distance of `wanted`,
    /// nearest first, then most populous. Forms whose letters differ too much to be that near
    /// are passed over before any distance is computed.
    private func suggestions(for wanted: String) -> [String] {
        let wantedBytes = Array(wanted.utf8)
        let limit = max(1, min(3, wantedBytes.count / 3))
        var counts = LetterCounts(wantedBytes)
        var candidates: [(distance: Int, population: Int, name: String)] = []
        for index in 0..<placeCount {
            var best = Int.max
            var line = 0
            var display = UnsafeRawBufferPointer(start: nil, count: 0)
            placeRecord(index).forEachLine { bytes in
                defer { line += 1 }
                if line == 0 { display = bytes }
                guard line > 0 else { return true }
                let asciiName = line == 1 && bytes.isEmpty
                let form = asciiName ? display : bytes
                guard asciiName || abs(form.count - wantedBytes.count) <= limit,
                    counts.lowerBound(form) <= limit
                else { return true }
                let text =
                    asciiName
                    ? TextFolding.words(String(decoding: form, as: UTF8.self)).joinedText(separator: " ")
                    : String(decoding: form, as: UTF8.self)
                best = min(best, EditDistance.between(text, wanted))
                return true
            }
            if best <= limit {
                candidates.append((best, population(of: Place(index: index)), displayName(ofPlace: index)))
            }
        }
        candidates.sort { ($0.distance, $1.population) < ($1.distance, $0.population) }
        var names: [String] = []
        for candidate in candidates where !names.contains(candidate.name) {
            names.append(candidate.name)
            if names.count == 3 { break }
        }
        return names
    }
}

/// How many of each letter and digit a folded name holds, for a quick lower bound of its edit
/// distance to another: one edit changes the counts by at most two.
private struct LetterCounts {
    private let wanted: [Int]
    private var scratch: [Int]

    init(_ bytes: [UInt8]) {
        var counts = [Int](repeating: 0, count: 37)
        for byte in bytes { counts[Self.bucket(byte)] += 1 }
        counts[36] = 0  // spaces and punctuation are not counted
        wanted = counts
        scratch = counts
    }

    /// A lower bound of the edit distance from the wanted name to `bytes` (ASCII case ignored).
    mutating func lowerBound(_ bytes: UnsafeRawBufferPointer) -> Int {
        for bucket in 0..<37 { scratch[bucket] = wanted[bucket] }
        for byte in bytes { scratch[Self.bucket(byte)] -= 1 }
        scratch[36] = 0
        var difference = 0
        for bucket in 0..<37 { difference += abs(scratch[bucket]) }
        return (difference + 1) / 2
    }

    private static func bucket(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 26 + Int(byte - UInt8(ascii: "0"))
        default: 36
        }
    }
}
