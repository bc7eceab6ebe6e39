import Foundation
import ProviderKit
import Testing

/// Filters pass a photo only when every field they look at is known and fits.
@Suite("Search filters")
struct SearchFiltersTests {
    private let cc0 = License(
        id: "CC0-1.0", name: "CC0 1.0", allowsCommercialUse: true, allowsModification: true,
        requiresAttribution: false)
    private let ccByNC = License(
        id: "CC-BY-NC-2.0", name: "CC BY-NC 2.0", allowsCommercialUse: false, allowsModification: true,
        requiresAttribution: true)

    private func photo(
        license: License? = nil, width: Int? = nil, height: Int? = nil, takenAt: Date? = nil, recorded: DateTime? = nil
    ) -> Photo {
        Photo(
            provider: "p", id: "1", width: width, height: height,
            takenAt: recorded ?? takenAt.flatMap { DateTime(utc: $0) }, license: license)
    }

    @Test("no filters pass every photo, even one that knows nothing")
    func emptyPassesAll() {
        #expect(SearchFilters().isEmpty)
        #expect(SearchFilters().matches(photo()))
    }

    @Test("licence ids match without regard to case; an unknown licence fails")
    func licenseIDs() {
        let filters = SearchFilters(licenses: ["cc0-1.0", "PDM-1.0"])
        #expect(filters.matches(photo(license: cc0)))
        #expect(!filters.matches(photo(license: ccByNC)))
        #expect(!filters.matches(photo()))
    }

    @Test("licence groups combine: all must hold, and an unknown fact fails")
    func licenseGroups() {
        let commercial = SearchFilters(licenseGroups: [.commercial])
        #expect(commercial.matches(photo(license: cc0)))
        #expect(!commercial.matches(photo(license: ccByNC)))
        #expect(!commercial.matches(photo(license: License(name: "?"))))
        let both = SearchFilters(licenseGroups: [.modify, .noAttribution])
        #expect(both.matches(photo(license: cc0)))
        #expect(!both.matches(photo(license: ccByNC)))  // modify holds, no-attribution does not
    }

    @Test("orientation and minimum size need known dimensions")
    func shapeAndSize() {
        #expect(SearchFilters(orientation: .landscape).matches(photo(width: 300, height: 200)))
        #expect(!SearchFilters(orientation: .landscape).matches(photo(width: 200, height: 300)))
        #expect(SearchFilters(orientation: .portrait).matches(photo(width: 200, height: 300)))
        #expect(SearchFilters(orientation: .square).matches(photo(width: 200, height: 200)))
        #expect(!SearchFilters(orientation: .square).matches(photo()))
        #expect(SearchFilters(minWidth: 300, minHeight: 200).matches(photo(width: 300, height: 200)))
        #expect(!SearchFilters(minWidth: 301).matches(photo(width: 300, height: 200)))
        #expect(!SearchFilters(minHeight: 201).matches(photo(width: 300, height: 200)))
        #expect(!SearchFilters(minWidth: 1).matches(photo()))
    }

    @Test("without the original's size, the largest image with both dimensions counts")
    func sizeFromImages() throws {
        let url = try #require(URL(string: "https://example.com/a.jpg"))
        let sized = Photo(
            provider: "p", id: "1",
            images: [
                PhotoImage(size: .small, url: url, width: 240, height: 160),
                PhotoImage(size: .large, url: url, width: 1024, height: 683),
            ])
        #expect(SearchFilters(orientation: .landscape, minWidth: 1000).matches(sized))
        #expect(!SearchFilters(minWidth: 1025).matches(sized))
    }

    @Test("taken-after is inclusive, taken-before exclusive, and an undated photo fails both")
    func takenDates() throws {
        let day = try #require(SearchFilters.date(from: "2024-05-01"))
        let filters = SearchFilters(takenAfter: day, takenBefore: day.addingTimeInterval(86400))
        #expect(filters.matches(photo(takenAt: day)))
        #expect(filters.matches(photo(takenAt: day.addingTimeInterval(86399))))
        #expect(!filters.matches(photo(takenAt: day.addingTimeInterval(86400))))
        #expect(!filters.matches(photo(takenAt: day.addingTimeInterval(-1))))
        // Without an offset the photo's local time is compared; with one, its instant.
        #expect(filters.matches(photo(recorded: DateTime.parse("2024-05-01T23:30:00"))))
        #expect(!filters.matches(photo(recorded: DateTime.parse("2024-05-01T23:30:00-05:00"))))
        #expect(filters.matches(photo(recorded: DateTime.parse("2024-05-02T01:00:00+02:00"))))
        #expect(!filters.matches(photo()))
    }

    @Test("ISO dates: a day, a date-time in UTC, with a zone; anything else is no date")
    func parseDates() {
        #expect(SearchFilters.date(from: "2024-05-01") == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(SearchFilters.date(from: "2024-05-01T10:00:00") == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(SearchFilters.date(from: "2024-05-01T12:00:00+02:00") == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(SearchFilters.date(from: "2024-05-01T10:00:00Z") == Date(timeIntervalSince1970: 1_714_557_600))
        for bad in ["", "2024-13-01", "2024-02-30x", "yesterday", "2024/05/01", "2024-05-01T25:00:00", "20240501"] {
            #expect(SearchFilters.date(from: bad) == nil, "\(bad)")
        }
    }

    @Test("licence lists take ids and groups; a misspelt one is an error with a did-you-mean")
    func licenseLists() throws {
        var filters = SearchFilters()
        try filters.addLicenses("CC-BY-SA-4.0, cc0-1.0,commercial,no-attribution")
        #expect(filters.licenses == ["CC-BY-SA-4.0", "cc0-1.0"])
        #expect(filters.licenseGroups == [.commercial, .noAttribution])
        #expect(throws: FilterValueError.self) { try filters.addLicenses("CC-BY-2.0,,x") }
        do {
            try filters.addLicenses("comercial")
            Issue.record("a misspelt group was accepted")
        } catch {
            #expect(error.description.contains("did you mean 'commercial'?"))
        }
        #expect(throws: FilterValueError.self) { try filters.addLicenses("CC-XY-2.0") }
        #expect(throws: FilterValueError.self) { try filters.addLicenses("CC-BY-") }
        // Names as people write them resolve to the catalogue's ids.
        var named = SearchFilters()
        try named.addLicenses("cc0,CC BY 4.0")
        #expect(named.licenses == ["CC0-1.0", "CC-BY-4.0"])
    }

    @Test("`unknown` is accepted and passes exactly the photos whose licence is not known")
    func unknownLicense() throws {
        var filters = SearchFilters()
        try filters.addLicenses("unknown")
        #expect(filters.licenses == ["unknown"])
        #expect(filters.matches(photo()))
        #expect(filters.matches(photo(license: License(name: "Some licence"))))
        #expect(!filters.matches(photo(license: cc0)))
        #expect(filters.unknownKinds(in: photo()).isEmpty)  // a photo without a licence can pass it
        var either = SearchFilters()
        try either.addLicenses("UNKNOWN,CC0-1.0")
        #expect(
            either.matches(photo()) && either.matches(photo(license: cc0)) && !either.matches(photo(license: ccByNC)))
    }

    @Test("`public-domain` is the group of CC0, the Public Domain Mark, no known copyright and US government work")
    func publicDomainGroup() throws {
        var filters = SearchFilters()
        try filters.addLicenses("public-domain")
        #expect(filters.licenses == ["CC0-1.0", "PDM-1.0", "no-known-copyright", "us-gov-work"])
        for license in [
            LicenseCatalog.cc0, LicenseCatalog.publicDomainMark, LicenseCatalog.noKnownCopyright,
            LicenseCatalog.usGovernmentWork,
        ] {
            #expect(filters.matches(photo(license: license)), "\(license.id)")
        }
        #expect(!filters.matches(photo(license: ccByNC)) && !filters.matches(photo()))
        // Written as people write it, it is the same group (not the Public Domain Mark alone).
        for written in ["public domain", "Public_Domain", "PUBLIC-DOMAIN"] {
            var same = SearchFilters()
            try same.addLicenses(written)
            #expect(same.licenses == filters.licenses, "\(written)")
        }
    }

    @Test(
        "a licence nobody wrote gets a did-you-mean from ids, groups and the names people write",
        arguments: [
            ("cco", "cc0"), ("ccby", "CC-BY-4.0"), ("cc-by-fourty", "CC-BY-4.0"), ("CC BY-SA four", "CC-BY-SA-4.0"),
            ("publicdomain", "public-domain"), ("unknwon", "unknown"), ("no-atribution", "no-attribution"),
            ("CC-BY-4.1", "CC-BY-4.0"),
        ])
    func suggestions(written: String, meant: String) {
        var filters = SearchFilters()
        #expect {
            try filters.addLicenses(written)
        } throws: { error in
            (error as? FilterValueError)?.description.contains("(did you mean '\(meant)'?)") == true
        }
    }

    @Test("a word far from every licence gets no suggestion", arguments: ["harbour", "nc", "zz"])
    func noSuggestion(written: String) {
        var filters = SearchFilters()
        #expect {
            try filters.addLicenses(written)
        } throws: { error in
            (error as? FilterValueError).map { !$0.description.contains("did you mean") } == true
        }
    }

    @Test("removing the kinds a source applied leaves the rest")
    func removingApplied() {
        let filters = SearchFilters(licenseGroups: [.commercial], orientation: .portrait, minWidth: 10)
        #expect(filters.kinds == [.license, .orientation, .size])
        let rest = filters.removing([.license, .size])
        #expect(rest == SearchFilters(orientation: .portrait))
        #expect(rest.kinds.names == ["orientation"])
    }

    @Test("unknownKinds names the filters a photo lacks the field for, and only those")
    func unknownKinds() {
        let filters = SearchFilters(licenseGroups: [.commercial], orientation: .square, takenAfter: Date())
        #expect(filters.unknownKinds(in: photo()) == [.license, .orientation, .takenDate])
        #expect(filters.unknownKinds(in: photo(license: ccByNC, width: 1, height: 2, takenAt: Date())) == [])
        #expect(SearchFilters(licenses: ["CC0-1.0"]).unknownKinds(in: photo(license: License(name: "?"))) == [.license])
        #expect(SearchFilters().unknownKinds(in: photo()) == [])
    }

    @Test(
        "near: LAT,LON and distances parse in range; a photo passes within the distance, fails beyond or without a position"
    )
    func near() throws {
        #expect(
            try SearchFilters.coordinates(from: "38.7223, -9.1393")
                == GeoLocation(latitude: 38.7223, longitude: -9.1393))
        #expect(
            try SearchFilters.coordinates(from: " -33.9 , +151.2 ") == GeoLocation(latitude: -33.9, longitude: 151.2))
        #expect(try SearchFilters.coordinates(from: "90,-180") == GeoLocation(latitude: 90, longitude: -180))
        for name in ["lisbon", "Paris, Texas", "1,2,3", "nan,0", "inf,0", ",", "38.7", "1e3,4"] {
            #expect(try SearchFilters.coordinates(from: name) == nil, "\(name) is a name, not a position")
        }
        for (bad, reason) in [
            ("91,0", "the latitude 91 is not between -90 and 90"),
            ("0,-180.5", "the longitude -180.5 is not between -180 and 180"),
            ("1.2.3,4", "the numbers do not read as decimal degrees"),
        ] {
            #expect(throws: FilterValueError.self) { try SearchFilters.coordinates(from: bad) }
            do {
                _ = try SearchFilters.coordinates(from: bad)
            } catch {
                #expect(
                    error.description
                        == "near '\(bad)' is not a position: \(reason); write LAT,LON in decimal degrees, e.g. 38.71,-9.14"
                )
            }
        }
        #expect(SearchFilters.kilometres(from: "25km") == 25)
        #expect(SearchFilters.kilometres(from: "500 m") == 0.5)
        #expect(SearchFilters.kilometres(from: "10mi") == 16.09344)
        #expect(SearchFilters.kilometres(from: "7") == 7)
        for bad in ["0km", "-5km", "25 parsecs", "1e9", "30000km", ""] {
            #expect(SearchFilters.kilometres(from: bad) == nil, "\(bad)")
        }
        var filters = SearchFilters()
        try filters.set(.near, from: "38.7223,-9.1393")
        try filters.set(.within, from: "5km")
        #expect(filters.kinds == [.near])
        let baixa = Photo(provider: "p", id: "1", location: GeoLocation(latitude: 38.7101, longitude: -9.1366))
        let porto = Photo(provider: "p", id: "2", location: GeoLocation(latitude: 41.1579, longitude: -8.6291))
        let nowhere = Photo(provider: "p", id: "3")
        #expect(filters.matches(baixa) && !filters.matches(porto) && !filters.matches(nowhere))
        #expect(filters.unknownKinds(in: nowhere) == [.near] && filters.unknownKinds(in: porto).isEmpty)
        #expect(filters.removing(.near).isEmpty)
        // Lisbon to Madrid is about 503 km; across the antimeridian, 0.2° of longitude at the equator about 22 km.
        let lisbon = GeoLocation(latitude: 38.7223, longitude: -9.1393)
        #expect(abs(lisbon.kilometres(to: GeoLocation(latitude: 40.4168, longitude: -3.7038)) - 503) < 3)
        #expect(
            abs(
                GeoLocation(latitude: 0, longitude: 179.9).kilometres(to: GeoLocation(latitude: 0, longitude: -179.9))
                    - 22.2) < 0.2)
        #expect(throws: FilterValueError.self) { try filters.set(.near, from: "Lisbon") }  // no gazetteer given
    }
}
