import Foundation
import ProviderKit
import Synchronization

/// Place names for positions, offline: GeoNames' places of 1,000+ people (CC BY 4.0), their
/// first-level regions and countries, from the memory-mapped `places.bin`.
///
/// A position's names (``names(at:)``): the nearest place within 50 km; its city, the most
/// populous place of 100,000+ people within 15 km of it in the same country (the place itself
/// when it is that big; left out of ``PlaceNames`` then, as its `city` doc says); the place's
/// region and country. Farther than 50 km from any place there are no names at all: the data
/// holds points, not borders, so it cannot tell the country of a position far from every town.
package final class Gazetteer: Sendable {
    /// The file, for messages.
    package let path: String
    private let file: PlacesFile
    private let searchTexts = Mutex<[Int32: String]>([:])

    /// A great-circle distance beyond which no place is a position's place.
    package static let placeRadiusKilometres = 50.0
    static let earthRadiusKilometres = 6371.0088

    /// Opens the gazetteer file at `path`; `checks`: where its passed checksum is noted and
    /// trusted while the file stays the same (``PlacesCheckRecord``), or nil to check it in full.
    package init(path: String, checks: PlacesCheckRecord? = nil) throws(GazetteerError) {
        self.path = path
        file = try PlacesFile(path: path, checks: checks)
    }

    /// Whether opening read the whole file for its checksum (no note of an earlier check held).
    package var checkedInFull: Bool { file.checkedInFull }

    /// The gazetteer shipped with Viewfinder, opened on first use and kept for the process; the
    /// same error every time when it cannot be (a broken install). Opening maps the file and
    /// checks its checksum (1.4 ms, unless ``noteChecks(in:)`` keeps a note of an earlier one;
    /// call it off Swift's pool where that matters).
    package static func shared() throws(GazetteerError) -> Gazetteer {
        try opened.get()
    }

    /// Has the shared gazetteer note a passed checksum in `folder()` (Viewfinder's cache folder)
    /// and trust the note while the file stays the same. The program calls it before the
    /// shared gazetteer's first use; without it (tests) the file is checked in full.
    /// `folder` is asked for only when the gazetteer is opened.
    package static func noteChecks(in folder: @escaping @Sendable () -> URL) {
        checkFolder.withLock { $0 = folder }
    }

    private static let checkFolder = Mutex<(@Sendable () -> URL)?>(nil)

    private static let opened = Result { () throws(GazetteerError) -> Gazetteer in
        let checks = checkFolder.withLock { $0 }.map { PlacesCheckRecord(folder: $0()) }
        return try open(searching: searchedFolders(), checks: checks)
    }

    /// Opens `places.bin` in the first of `folders` that holds one.
    static func open(searching folders: [URL], checks: PlacesCheckRecord? = nil) throws(GazetteerError) -> Gazetteer {
        let paths = folders.map { $0.appendingPathComponent("places.bin").path }
        guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .missing(paths)
        }
        return try Gazetteer(path: path, checks: checks)
    }

    /// Where the file may be: `Viewfinder_Places.resources` in the main bundle or beside the
    /// binary (where `swift build` puts it), then `../share/viewfinder` from the binary's folder
    /// (where `make install` puts it); nowhere else (no path of the machine that built it).
    static func searchedFolders() -> [URL] {
        ResourceFolders.searched(bundle: "Viewfinder_Places", installedSubfolder: nil)
    }

    /// How many places the file holds.
    package var placeCount: Int { file.placeCount }

    /// The place of a position: the nearest within 50 km, or nil (open sea, the poles, a desert;
    /// and positions that are not numbers or not on Earth).
    package func place(at location: GeoLocation) -> Place? {
        guard location.latitude.isFinite, location.longitude.isFinite, abs(location.latitude) <= 90,
            abs(location.longitude) <= 360
        else { return nil }
        return nearest(to: location, withinKilometres: Self.placeRadiusKilometres).map(Place.init(index:))
    }

    /// The names of a position (see the type's summary), or nil when no place is within 50 km.
    package func names(at location: GeoLocation) -> PlaceNames? {
        place(at: location).map(names(of:))
    }

    /// The searchable words of a position's place, or nil when no place is within 50 km.
    package func searchText(at location: GeoLocation) -> String? {
        place(at: location).map(searchText(of:))
    }

    /// The names of `place`.
    package func names(of place: Place) -> PlaceNames {
        let index = Int(place.index)
        var names = PlaceNames(name: displayName(ofPlace: index).nilWhenEmpty)
        if let city = city(of: index), city != index { names.city = displayName(ofPlace: city) }
        if let region = file.half(.regions, index) {
            let short = record(.regionTexts, region).line(0)
            if !short.isEmpty { names.region = short }
            if let country = file.byte(.regionCountries, region) {
                let text = record(.countryTexts, country)
                names.country = text.line(0).nilWhenEmpty
                names.countryCode = text.line(1).nilWhenEmpty
            }
        }
        return names
    }

    /// The folded words, each once, of every form of `place`, its city, region (with and without
    /// the word for its kind) and country (common and official names, short forms): what the
    /// local index stores as the photo's searchable place text. Made once per place and kept.
    package func searchText(of place: Place) -> String {
        if let kept = searchTexts.withLock({ $0[place.index] }) { return kept }
        let index = Int(place.index)
        var words: [String] = []
        var seen: Set<String> = []
        func add(_ forms: [String]) {
            for form in forms {
                for word in form.split(separator: " ") where seen.insert(String(word)).inserted {
                    words.append(String(word))
                }
            }
        }
        add(foldedForms(ofPlace: index))
        if let city = city(of: index), city != index { add(foldedForms(ofPlace: city)) }
        if let region = file.half(.regions, index) {
            add(record(.regionTexts, region).lines(from: 2))
            if let country = file.byte(.regionCountries, region) { add(record(.countryTexts, country).lines(from: 2)) }
        }
        let text = words.joinedText(separator: " ")
        searchTexts.withLock { $0[place.index] = text }
        return text
    }

    /// Where `place` is.
    package func location(of place: Place) -> GeoLocation {
        let index = Int(place.index)
        guard index >= 0, index < file.placeCount else { return GeoLocation(latitude: 0, longitude: 0) }
        let (x, y, z) = (file.point(index, 0), file.point(index, 1), file.point(index, 2))
        return GeoLocation(
            latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }

    /// How many people live in `place`, as GeoNames counts them (0: unknown).
    package func population(of place: Place) -> Int {
        file.word(.populations, Int(place.index)) ?? 0
    }

    // MARK: Records

    /// The city of place `index` (possibly itself), or nil.
    func city(of index: Int) -> Int? {
        guard let number = file.half(.cities, index), number != 0xFFFF, let city = file.word(.cityPlaces, number),
            city < file.placeCount
        else { return nil }
        return city
    }

    /// The display name of place `index`.
    func displayName(ofPlace index: Int) -> String {
        placeRecord(index).line(0)
    }

    /// Every folded form of place `index`: its name's first, then its alternate names'.
    func foldedForms(ofPlace index: Int) -> [String] {
        let text = placeRecord(index)
        let folded = text.line(1)
        let name = folded.isEmpty ? TextFolding.words(text.line(0)).joinedText(separator: " ") : folded
        return [name] + text.lines(from: 2)
    }

    /// The text of place `index`.
    func placeRecord(_ index: Int) -> TextRecord {
        guard let start = placeTextStart(index) else { return TextRecord(bytes: .init(start: nil, count: 0)) }
        let end = index + 1 < file.placeCount ? placeTextStart(index + 1) ?? start : file.length(.placeTexts)
        return TextRecord(bytes: file.text(.placeTexts, from: start, to: end))
    }

    private func placeTextStart(_ index: Int) -> Int? {
        guard let base = file.word(.placeTextBases, index / PlacesFile.placeBlock),
            let offset = file.half(.placeTextOffsets, index)
        else { return nil }
        return base + offset
    }

    /// The text of region or country `index` (`section` is their texts').
    func record(_ section: PlacesFile.Section, _ index: Int) -> TextRecord {
        let offsets: PlacesFile.Section = section == .regionTexts ? .regionTextOffsets : .countryTextOffsets
        guard let start = file.word(offsets, index), let end = file.word(offsets, index + 1) else {
            return TextRecord(bytes: .init(start: nil, count: 0))
        }
        return TextRecord(bytes: file.text(section, from: start, to: end))
    }

    var placesFile: PlacesFile { file }
}

/// A place of the gazetteer; its index is valid for the file it came from only.
package struct Place: Sendable, Hashable {
    /// The place's position in the file.
    package let index: Int32

    /// The place at `index` of the file (an index out of its range has no names).
    package init(index: Int32) { self.index = index }

    init(index: Int) { self.index = Int32(index) }
}

extension String {
    fileprivate var nilWhenEmpty: String? { isEmpty ? nil : self }
}
