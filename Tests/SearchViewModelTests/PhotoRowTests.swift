import Foundation
import ProviderKit
import SearchViewModel
import Testing

@Suite("Row view-models")
struct PhotoRowTests {
    func row(_ photo: Photo, rank: Int = 1, score: Double = 1.0 / 61) -> PhotoRow {
        PhotoRow(RankedPhoto(rank: rank, score: score, photo: photo))
    }

    @Test("a missing or blank title shows as Untitled; whitespace is collapsed", arguments: [nil, "", "   ", "\n\t"])
    func untitled(title: String?) {
        #expect(row(Photo(provider: "p", id: "1", title: title)).title == "Untitled")
    }

    @Test("titles keep their words with single spaces")
    func collapsesWhitespace() {
        #expect(row(Photo(provider: "p", id: "1", title: "  Harbour \n at   dusk ")).title == "Harbour at dusk")
    }

    @Test("the licence shows its short name, or nothing when the source gave none")
    func licence() {
        let licensed = Photo(
            provider: "p", id: "1", license: LicenseCatalog.creativeCommons(code: "by", version: "2.0"))
        #expect(row(licensed).license == "CC BY 2.0")
        #expect(row(Photo(provider: "p", id: "1")).license == "")
    }

    @Test("the place reads city (else place, else region) and country; the detail lists each part once")
    func place() {
        let almada = PlaceNames(
            name: "Almada", city: "Lisbon", region: "Setúbal", country: "Portugal", countryCode: "PT")
        #expect(row(Photo(provider: "p", id: "1", place: almada)).place == "Lisbon, Portugal")
        #expect(row(Photo(provider: "p", id: "1", place: almada)).placeDetail == "Almada, Lisbon, Setúbal, Portugal")
        let lisbon = PlaceNames(name: "Lisbon", city: "Lisbon", region: "Lisbon", country: "Portugal")
        #expect(row(Photo(provider: "p", id: "1", place: lisbon)).placeDetail == "Lisbon, Portugal")
        let remote = PlaceNames(region: "Cauca", countryCode: "CO")
        #expect(row(Photo(provider: "p", id: "1", place: remote)).place == "Cauca, CO")
        #expect(row(Photo(provider: "p", id: "1", place: PlaceNames(country: "Chile"))).place == "Chile")
        #expect(row(Photo(provider: "p", id: "1")).place == "")
    }

    @Test("dimensions read 4000×3000 only when both sides are known")
    func dimensions() {
        #expect(row(Photo(provider: "p", id: "1", width: 4000, height: 3000)).dimensions == "4000×3000")
        #expect(row(Photo(provider: "p", id: "1", width: 4000)).dimensions == "")
        #expect(row(Photo(provider: "p", id: "1", width: 0, height: 10)).dimensions == "")
    }

    @Test("dates show as the day taken, in the chosen time zone")
    func dates() {
        // The day the source recorded, whatever the zone of the machine showing it.
        #expect(
            row(Photo(provider: "p", id: "1", takenAt: DateTime.parse("1970-01-01T23:59:59"))).taken == "1970-01-01")
        #expect(
            row(Photo(provider: "p", id: "1", takenAt: DateTime.parse("1970-01-01T23:30:00-05:00"))).taken
                == "1970-01-01")
        #expect(row(Photo(provider: "p", id: "1")).taken == "")
    }

    @Test("the location is the file path for local photos, else the page URL; the provider label is the instance")
    func locationAndProvider() {
        let local = row(
            Photo(provider: "samples", id: "a.jpg", pageURL: URL(string: "file:///x/a.jpg"), filePath: "/x/a.jpg"))
        #expect(local.location == "/x/a.jpg")
        #expect(local.provider == "samples")
        let remote = row(Photo(provider: "flickr", id: "5", pageURL: URL(string: "https://www.flickr.com/photos/a/5")))
        #expect(remote.location == "https://www.flickr.com/photos/a/5")
        #expect(row(Photo(provider: "p", id: "1")).location == "")
    }

    @Test("rank, score and author are shown as given")
    func rankScoreAuthor() {
        let shown = row(Photo(provider: "p", id: "1", author: " Ann  Lee "), rank: 7, score: 2.0 / 61)
        #expect(shown.rank == 7)
        #expect(shown.score == "0.0328")
        #expect(shown.author == "Ann Lee")
    }

    @Test("provider status rows summarise count and time, or the reason")
    func providerStatusRows() {
        let ok = ProviderStatusRow(
            ProviderStatus(name: "s", typeName: "t", phase: .ok, count: 1, duration: .milliseconds(140)))
        #expect(ok.phase == "ok")
        #expect(ok.detail == "1 photo in 140 ms")
        let slow = ProviderStatusRow(
            ProviderStatus(name: "s", typeName: "t", phase: .ok, count: 12, duration: .milliseconds(2345)))
        #expect(slow.detail == "12 photos in 2.3 s")
        #expect(slow.brief == "12 photos")
        let late = ProviderStatusRow(
            ProviderStatus(name: "f", typeName: "t", phase: .timedOut, count: 3, message: "no answer within 5.0 s"))
        #expect(late.phase == "partial")
        #expect(late.detail == "3 photos, then no answer within 5.0 s")
        #expect(late.brief == "3 photos, timed out")
        let silent = ProviderStatusRow(
            ProviderStatus(name: "f", typeName: "t", phase: .timedOut, message: "no answer within 5.0 s"))
        #expect(silent.phase == "timed out")
        #expect(silent.detail == "no answer within 5.0 s")
        #expect(silent.brief == "timed out")
        let broke = ProviderStatusRow(
            ProviderStatus(name: "f", typeName: "t", phase: .failed, count: 1, message: "bad line"))
        #expect(broke.phase == "failed")
        #expect(broke.detail == "bad line (1 photo before)")
        #expect(broke.brief == "failed")
        let skipped = ProviderStatusRow(
            ProviderStatus(name: "f", typeName: "t", phase: .skipped, message: "api_key is empty"))
        #expect(skipped.detail == "api_key is empty")
        #expect(skipped.brief == "skipped")
        let running = ProviderStatusRow(ProviderStatus(name: "r", typeName: "t", phase: .running))
        #expect(running.brief.isEmpty)
    }

    @Test("a search fails only when no provider that ran answered: a timeout after photos is a partial answer")
    func partialAnswerIsNotAFailure() {
        func state(_ phases: [(ProviderStatus.Phase, Int)]) -> SearchState {
            let providers = phases.enumerated().map { index, entry in
                ProviderStatus(name: "p\(index)", typeName: "t", phase: entry.0, count: entry.1)
            }
            return SearchState(request: nil, providers: providers, results: [], isRunning: false)
        }
        #expect(state([(.timedOut, 0)]).everyProviderFailed)
        #expect(state([(.timedOut, 0), (.failed, 2)]).everyProviderFailed)
        #expect(!state([(.timedOut, 1)]).everyProviderFailed)
        #expect(!state([(.timedOut, 1), (.failed, 0)]).everyProviderFailed)
        #expect(state([(.timedOut, 1)]).providers[0].isPartial)
        #expect(!state([(.failed, 1)]).providers[0].isPartial)
    }

    @Test("provider status rows say which filters ran at the source, which after and how many they removed")
    func providerFilterSummary() {
        var status = ProviderStatus(name: "flickr", typeName: "flickr", phase: .ok, count: 12)
        #expect(ProviderStatusRow(status).filters.isEmpty)
        status.filtersAtSource = ["license", "taken"]
        status.filtersAfter = ["orientation"]
        status.removedByFilters = 7
        #expect(ProviderStatusRow(status).filters == "license, taken at source; orientation after (−7)")
        status.filtersAtSource = []
        status.reachedPageBound = true
        #expect(ProviderStatusRow(status).filters == "orientation after (−7); page bound reached")
    }

    @Test("a filter is noted as unevaluated only when no provider applied it or had a photo with its field")
    func filtersNoProviderEvaluated() {
        func status(_ name: String, atSource: [String] = [], after: [String], lacking: [String], count: Int)
            -> ProviderStatus
        {
            var status = ProviderStatus(name: name, typeName: "t", phase: .ok, count: count)
            status.filtersAtSource = atSource
            status.filtersAfter = after
            status.filtersUnevaluable = lacking
            status.removedByFilters = 3
            return status
        }
        var state = SearchState(
            request: nil,
            providers: [
                status("a", after: ["license", "taken"], lacking: ["taken"], count: 2),
                status("b", after: ["license", "taken"], lacking: ["taken"], count: 0),
            ], results: [], isRunning: false)
        #expect(state.filtersNoProviderEvaluated == ["taken"])
        state.providers.append(status("c", atSource: ["taken"], after: ["license"], lacking: [], count: 0))
        #expect(state.filtersNoProviderEvaluated.isEmpty)  // c applied it at its source
    }
}
