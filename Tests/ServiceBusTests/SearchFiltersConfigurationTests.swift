import Foundation
import ProviderKit
import ServiceBus
import Testing

/// `search.filters` in the configuration file: the defaults every search uses.
@Suite("Configured search filters")
struct SearchFiltersConfigurationTests {
    @Test("every filter key loads; licence takes a list or a comma-separated value")
    func loadsFilters() throws {
        let configuration = try Fixtures.load(
            """
            search:
              filters:
                license: [CC0-1.0, commercial]
                orientation: portrait
                min_width: 400
                min_height: 300
                taken_after: 2020-01-01
                taken_before: 2024-06-30T12:00:00Z
            providers:
              a:
                type: plain
            """)
        let filters = configuration.search.filters
        #expect(filters.licenses == ["CC0-1.0"])
        #expect(filters.licenseGroups == [.commercial])
        #expect(filters.orientation == .portrait)
        #expect(filters.minWidth == 400)
        #expect(filters.minHeight == 300)
        #expect(filters.takenAfter == SearchFilters.date(from: "2020-01-01"))
        #expect(filters.takenBefore == Date(timeIntervalSince1970: 1_719_748_800))
        let commaList = try Fixtures.load(
            "search:\n  filters:\n    license: CC-BY-4.0, no-attribution\nproviders:\n  a:\n    type: plain\n")
        #expect(commaList.search.filters.licenses == ["CC-BY-4.0"])
        #expect(commaList.search.filters.licenseGroups == [.noAttribution])
    }

    @Test("no filters section means no filters; a key left empty or null is unset, not the text \"null\"")
    func noFilters() throws {
        #expect(try Fixtures.load("providers:\n  a:\n    type: plain\n").search.filters.isEmpty)
        for empty in ["", " ~", " null", " NULL"] {
            let yaml =
                "search:\n  filters:\n    near:\(empty)\n    orientation:\(empty)\nproviders:\n  a:\n    type: plain\n"
            #expect(try Fixtures.load(yaml).search.filters.isEmpty, "\(empty)")
        }
        #expect(
            Fixtures.problems("search:\n  filters:\n    orientation: 'null'\nproviders:\n  a:\n    type: plain\n").count
                == 1)
    }

    @Test("bad filter values and keys are located and explained, every one of them")
    func badValues() {
        #expect(
            Fixtures.problems(
                """
                search:
                  filters:
                    license: [CC0-1.0, comercial]
                    orientation: sideways
                    min_width: -3
                    taken_after: last week
                    min_heigth: 3
                providers:
                  a:
                    type: plain
                """) == [
                    "config.yaml:3:24: `search.filters.license`: `comercial` is an unknown licence (did you mean 'commercial'?); "
                        + "use a licence id (CC0-1.0, CC-BY-4.0, PDM-1.0, …, unknown) or a group: commercial, modify, no-attribution, public-domain",
                    "config.yaml:4:18: `search.filters.orientation`: `sideways` is not landscape, portrait or square",
                    "config.yaml:5:16: `search.filters.min_width`: `-3` is not a whole number of pixels from 1 to 1000000",
                    "config.yaml:6:18: `search.filters.taken_after`: `last week` is not an ISO date; "
                        + "write YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or with a zone (…Z, …+02:00)",
                    "config.yaml:7:5: unknown key `min_heigth` in `search.filters`; did you mean `min_height`? "
                        + "Valid keys: `license`, `orientation`, `min_width`, `min_height`, `taken_after`, `taken_before`, `near`, `within`.",
                ])
    }

    @Test("dates that leave no time and a filters value that is not a mapping are errors")
    func clashes() {
        #expect(
            Fixtures.problems(
                "search:\n  filters:\n    taken_after: 2024-01-01\n    taken_before: 2023-01-01\nproviders:\n  a:\n    type: plain\n"
            ) == [
                "config.yaml:4:19: `search.filters.taken_before`: `2023-01-01` is a date that leaves no time: "
                    + "taken-after must be before taken-before"
            ])
        #expect(
            Fixtures.problems("search:\n  filters: portrait\nproviders:\n  a:\n    type: plain\n") == [
                "config.yaml:2:12: `search.filters` must be a mapping with any of `license`, `orientation`, `min_width`, "
                    + "`min_height`, `taken_after`, `taken_before`, `near`, `within`"
            ])
    }
}
